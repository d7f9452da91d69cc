//! End-to-end tests of the `a-maze-ing` binary: `--headless`, `--check`, config errors, write
//! failures and command-line usage, each run in a fresh temporary folder as the working directory.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

/// The 42 stamp of the SPEC, `X` = fully closed cell.
const STAMP: [&str; 5] = ["X...XXX", "X.....X", "XXX.XXX", "..X.X..", "..X.XXX"];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// What a run of the binary did.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn stdout_lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

/// Runs the binary in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// A config with the mandatory keys (one per line, in MANDATORY order) and an optional SEED.
fn config(
    width: u32,
    height: u32,
    entry: &str,
    exit: &str,
    output: &str,
    perfect: bool,
    seed: Option<u64>,
) -> String {
    let perfect = if perfect { "True" } else { "False" };
    let mut text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY={entry}\nEXIT={exit}\nOUTPUT_FILE={output}\nPERFECT={perfect}\n"
    );
    if let Some(seed) = seed {
        text.push_str(&format!("SEED={seed}\n"));
    }
    text
}

fn write(dir: &Path, name: &str, text: &str) {
    fs::write(dir.join(name), text).expect("writing a test file");
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
}

/// The number after `word ` in `text` (e.g. the seed in the summary line).
fn number_after(text: &str, word: &str) -> u64 {
    let start = text
        .find(word)
        .unwrap_or_else(|| panic!("{word:?} not in {text:?}"))
        + word.len();
    let digits: String = text[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number after {word:?} in {text:?}"))
}

/// Checks the SPEC layout of a maze file and returns the length of its path.
fn assert_layout(text: &str, width: usize, height: usize, entry: &str, exit: &str) -> usize {
    assert!(text.ends_with('\n'), "the file must end with \\n:\n{text}");
    // Every line ends in `\n`, so dropping the final one leaves the lines themselves.
    let lines: Vec<&str> = text[..text.len() - 1].split('\n').collect();
    assert_eq!(
        lines.len(),
        height + 4,
        "HEIGHT rows, empty line, entry, exit, path:\n{text}"
    );
    for (y, row) in lines[..height].iter().enumerate() {
        assert_eq!(row.len(), width, "row {y} has the wrong length: {row:?}");
        assert!(
            row.bytes()
                .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b)),
            "row {y} is not uppercase hex: {row:?}"
        );
    }
    assert_eq!(lines[height], "", "an empty line after the rows");
    assert_eq!(lines[height + 1], entry, "the entry line");
    assert_eq!(lines[height + 2], exit, "the exit line");
    let path = lines[height + 3];
    assert!(
        !path.is_empty() && path.bytes().all(|b| b"NESW".contains(&b)),
        "the path is letters N E S W: {path:?}"
    );
    path.len()
}

/// The cells of the 42 for a maze of this size, if it has room for it: top-left at
/// ((width-6)/2, (height-5)/2), so the centre cell (width/2, height/2) is never on it.
fn stamp_cells(width: usize, height: usize) -> Vec<(usize, usize)> {
    if width < 9 || height < 7 {
        return Vec::new();
    }
    let (ox, oy) = ((width - 6) / 2, (height - 5) / 2);
    let mut cells = Vec::new();
    for (dy, row) in STAMP.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            if c == 'X' {
                cells.push((ox + dx, oy + dy));
            }
        }
    }
    cells
}

/// Every file and folder under `dir`, with file contents, to show nothing was touched.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Option<Vec<u8>>>) {
        for entry in fs::read_dir(dir).expect("listing a folder") {
            let path = entry.expect("a folder entry").path();
            let rel = path.strip_prefix(root).unwrap().to_path_buf();
            if path.is_dir() {
                out.insert(rel, None);
                walk(root, &path, out);
            } else {
                out.insert(rel, Some(fs::read(&path).expect("reading a file")));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Runs `--headless` on `config_text` (written as `config.txt`) and checks everything that a
/// successful run promises; returns the run and the maze file's text.
fn headless_ok(
    dir: &Path,
    config_text: &str,
    extra: &[&str],
    size: (usize, usize),
    ends: (&str, &str),
    output: &str,
) -> (Run, String) {
    write(dir, "config.txt", config_text);
    let mut args = vec!["--headless", "config.txt"];
    args.extend_from_slice(extra);
    let r = run(dir, &args);
    assert_eq!(r.code, Some(0), "{r:?}");
    let summary = r.stdout_lines();
    assert_eq!(summary.len(), 1, "one summary line: {r:?}");
    let summary = summary[0];
    assert!(
        summary.starts_with(&format!("wrote {output}: {}x{} ", size.0, size.1)),
        "{summary:?}"
    );
    number_after(summary, "seed ");
    let text = read(dir, output);
    let path_len = assert_layout(&text, size.0, size.1, ends.0, ends.1);
    assert_eq!(
        number_after(summary, "path ") as usize,
        path_len,
        "the summary gives the path length: {summary:?}"
    );
    let rows: Vec<&str> = text.lines().collect();
    for (x, y) in stamp_cells(size.0, size.1) {
        assert_eq!(
            &rows[y][x..=x],
            "F",
            "cell {x},{y} of the 42 is closed:\n{text}"
        );
    }
    let check = run(dir, &["--check", output, "config.txt"]);
    assert_eq!(
        check.code,
        Some(0),
        "the written maze checks valid: {check:?}"
    );
    assert_eq!(check.stdout_lines().len(), 1, "{check:?}");
    assert!(check.stdout.contains("valid"), "{check:?}");
    assert_eq!(check.stderr, "", "{check:?}");
    (r, text)
}

// ---------------------------------------------------------------------------------------------
// 1. Headless runs write a valid maze file
// ---------------------------------------------------------------------------------------------

#[test]
fn headless_perfect_maze_has_the_spec_layout_and_checks_valid() {
    let dir = tempdir();
    let text = config(25, 20, "0,0", "24,19", "maze.txt", true, Some(42));
    let (r, _) = headless_ok(
        dir.path(),
        &text,
        &[],
        (25, 20),
        ("0,0", "24,19"),
        "maze.txt",
    );
    assert!(r.stdout.contains("seed 42"), "{r:?}");
    assert!(r.stdout.contains("perfect"), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
}

#[test]
fn headless_imperfect_maze_has_the_spec_layout_and_checks_valid() {
    let dir = tempdir();
    let text = config(21, 15, "1,1", "19,13", "board.txt", false, Some(7));
    let (r, _) = headless_ok(
        dir.path(),
        &text,
        &[],
        (21, 15),
        ("1,1", "19,13"),
        "board.txt",
    );
    assert!(r.stdout.contains("seed 7"), "{r:?}");
    assert!(!r.stdout.contains("perfect"), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
}

/// Issue 11: the 42 subject's board checker wants the centre (WIDTH/2, HEIGHT/2) reachable; for
/// an even width the 42 used to wall it in. Its digit is not `F`, and the 42 is still closed.
#[test]
fn even_width_boards_keep_the_centre_out_of_the_42() {
    for (w, h) in [(10, 10), (12, 9), (200, 150)] {
        let dir = tempdir();
        let exit = format!("{},{}", w - 1, h - 1);
        let text = config(
            w as u32,
            h as u32,
            "0,0",
            &exit,
            "board.txt",
            false,
            Some(1),
        );
        let (_, maze) = headless_ok(dir.path(), &text, &[], (w, h), ("0,0", &exit), "board.txt");
        let (cx, cy) = (w / 2, h / 2);
        assert!(!stamp_cells(w, h).contains(&(cx, cy)), "{w}x{h}");
        let row = maze.lines().nth(cy).unwrap();
        assert_ne!(
            &row[cx..=cx],
            "F",
            "{w}x{h}: the centre {cx},{cy} is walled in"
        );
    }
}

#[test]
fn headless_without_seed_shows_the_seed_and_it_reproduces_the_file() {
    let dir = tempdir();
    let text = config(15, 11, "0,0", "14,10", "maze.txt", true, None);
    let (r, first) = headless_ok(
        dir.path(),
        &text,
        &[],
        (15, 11),
        ("0,0", "14,10"),
        "maze.txt",
    );
    let seed = number_after(&r.stdout, "seed ").to_string();

    let again = tempdir();
    let (r2, second) = headless_ok(
        again.path(),
        &text,
        &["--seed", &seed],
        (15, 11),
        ("0,0", "14,10"),
        "maze.txt",
    );
    assert!(r2.stdout.contains(&format!("seed {seed},")), "{r2:?}");
    assert_eq!(first, second, "--seed {seed} reproduces the file");
}

#[test]
fn headless_reads_config_txt_in_the_current_folder_by_default() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(11, 9, "0,0", "10,8", "default.txt", true, Some(3)),
    );
    let r = run(dir.path(), &["--headless"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.starts_with("wrote default.txt: 11x9 "), "{r:?}");
    assert_layout(&read(dir.path(), "default.txt"), 11, 9, "0,0", "10,8");
}

#[test]
fn headless_accepts_lowercase_keys_comments_and_spaces() {
    let dir = tempdir();
    let text = "# a comment\n\n  width = 11\nheight=9\n  # indented comment\nEntry= 0,0\nexit =10,8\n\
                output_file = out.txt\nperfect = true\nseed=5\n";
    let (r, _) = headless_ok(dir.path(), text, &[], (11, 9), ("0,0", "10,8"), "out.txt");
    assert!(r.stdout.contains("seed 5"), "{r:?}");
}

// ---------------------------------------------------------------------------------------------
// 2. Reproducibility
// ---------------------------------------------------------------------------------------------

#[test]
fn same_config_and_seed_give_byte_identical_files() {
    let text = config(25, 20, "0,0", "24,19", "maze.txt", false, Some(1234));
    let (a, b) = (tempdir(), tempdir());
    for dir in [&a, &b] {
        write(dir.path(), "config.txt", &text);
        let r = run(dir.path(), &["--headless", "config.txt"]);
        assert_eq!(r.code, Some(0), "{r:?}");
    }
    let first = fs::read(a.path().join("maze.txt")).unwrap();
    let second = fs::read(b.path().join("maze.txt")).unwrap();
    assert_eq!(first, second, "same config and seed, same bytes");

    // Rewriting in place gives the same bytes too.
    let r = run(a.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(fs::read(a.path().join("maze.txt")).unwrap(), first);
}

#[test]
fn the_seed_option_overrides_the_config_seed() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(25, 20, "0,0", "24,19", "maze.txt", true, Some(42)),
    );
    let plain = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(plain.code, Some(0), "{plain:?}");
    let from_config = read(dir.path(), "maze.txt");

    let same = run(dir.path(), &["--headless", "config.txt", "--seed", "42"]);
    assert_eq!(same.code, Some(0), "{same:?}");
    assert_eq!(read(dir.path(), "maze.txt"), from_config);

    let other = run(dir.path(), &["--headless", "--seed", "43", "config.txt"]);
    assert_eq!(other.code, Some(0), "{other:?}");
    assert!(other.stdout.contains("seed 43,"), "{other:?}");
    let overridden = read(dir.path(), "maze.txt");
    assert_ne!(overridden, from_config, "--seed 43 must give another maze");
    assert_layout(&overridden, 25, 20, "0,0", "24,19");
}

// ---------------------------------------------------------------------------------------------
// 3. Too small for the 42
// ---------------------------------------------------------------------------------------------

#[test]
fn a_maze_too_small_for_the_42_gets_a_note_and_is_still_written() {
    for (w, h) in [(8, 6), (8, 7), (9, 6)] {
        let dir = tempdir();
        let exit = format!("{},{}", w - 1, h - 1);
        let text = config(w, h, "0,0", &exit, "maze.txt", true, Some(9));
        write(dir.path(), "config.txt", &text);
        let r = run(dir.path(), &["--headless", "config.txt"]);
        assert_eq!(r.code, Some(0), "{w}x{h}: {r:?}");
        let note = r.stderr_lines();
        assert_eq!(note.len(), 1, "{w}x{h}: one note line: {r:?}");
        assert!(note[0].starts_with("note: "), "{w}x{h}: {r:?}");
        assert!(note[0].contains("too small for the 42"), "{w}x{h}: {r:?}");
        assert!(note[0].contains(&format!("{w}x{h}")), "{w}x{h}: {r:?}");
        assert_eq!(r.stdout_lines().len(), 1, "{w}x{h}: {r:?}");
        let maze = read(dir.path(), "maze.txt");
        assert_layout(&maze, w as usize, h as usize, "0,0", &exit);
        let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
        assert_eq!(check.code, Some(0), "{w}x{h}: {check:?}");
    }
}

#[test]
fn the_smallest_maze_with_room_for_the_42_gets_no_note() {
    let dir = tempdir();
    let text = config(9, 7, "0,0", "8,6", "maze.txt", true, Some(9));
    let (r, _) = headless_ok(dir.path(), &text, &[], (9, 7), ("0,0", "8,6"), "maze.txt");
    assert_eq!(r.stderr, "", "{r:?}");
}

// ---------------------------------------------------------------------------------------------
// 4. Config errors
// ---------------------------------------------------------------------------------------------

const CONFIG_NAME: &str = "settings.cfg";
const OUT: &str = "out.txt";

/// A valid config, one key per line: line 1 WIDTH, 2 HEIGHT, 3 ENTRY, 4 EXIT, 5 OUTPUT_FILE,
/// 6 PERFECT, 7 SEED.
fn base_lines() -> Vec<String> {
    config(25, 20, "0,0", "24,19", OUT, true, Some(7))
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The base config with line `n` (1-based) replaced.
fn replaced(n: usize, line: &str) -> Option<String> {
    let mut lines = base_lines();
    lines[n - 1] = line.to_owned();
    Some(lines.join("\n") + "\n")
}

/// The base config without the line of `key`.
fn without(key: &str) -> Option<String> {
    let lines: Vec<String> = base_lines()
        .into_iter()
        .filter(|l| !l.starts_with(&format!("{key}=")))
        .collect();
    Some(lines.join("\n") + "\n")
}

/// The base config plus `line` (which becomes line 8).
fn appended(line: &str) -> Option<String> {
    Some(base_lines().join("\n") + "\n" + line + "\n")
}

struct ConfigCase {
    name: &'static str,
    /// The config text; `None` means the file does not exist.
    text: Option<String>,
    /// The line the error must name, if the error is on a line.
    line: Option<usize>,
    /// Texts the message must contain (the key, or the bad text).
    mentions: &'static [&'static str],
}

fn config_cases() -> Vec<ConfigCase> {
    let case = |name, text, line, mentions| ConfigCase {
        name,
        text,
        line,
        mentions,
    };
    vec![
        case("file missing", None, None, &[]),
        case(
            "line without '='",
            replaced(2, "HEIGHT 20"),
            Some(2),
            &["HEIGHT"],
        ),
        case("empty value", replaced(4, "EXIT="), Some(4), &["EXIT"]),
        case(
            "empty value with spaces",
            replaced(1, "WIDTH =  "),
            Some(1),
            &["WIDTH"],
        ),
        case("missing WIDTH", without("WIDTH"), None, &["WIDTH"]),
        case("missing ENTRY", without("ENTRY"), None, &["ENTRY"]),
        case(
            "missing OUTPUT_FILE",
            without("OUTPUT_FILE"),
            None,
            &["OUTPUT_FILE"],
        ),
        case("missing PERFECT", without("PERFECT"), None, &["PERFECT"]),
        case(
            "non-integer WIDTH",
            replaced(1, "WIDTH=2x"),
            Some(1),
            &["WIDTH", "2x"],
        ),
        case(
            "decimal HEIGHT",
            replaced(2, "HEIGHT=20.0"),
            Some(2),
            &["HEIGHT"],
        ),
        case(
            "negative HEIGHT",
            replaced(2, "HEIGHT=-20"),
            Some(2),
            &["HEIGHT"],
        ),
        case(
            "WIDTH below the minimum",
            replaced(1, "WIDTH=1"),
            Some(1),
            &["WIDTH"],
        ),
        case("WIDTH zero", replaced(1, "WIDTH=0"), Some(1), &["WIDTH"]),
        case(
            "HEIGHT above the maximum",
            replaced(2, "HEIGHT=100001"),
            Some(2),
            &["HEIGHT"],
        ),
        case(
            "HEIGHT overflowing u32",
            replaced(2, "HEIGHT=99999999999999999999"),
            Some(2),
            &["HEIGHT"],
        ),
        case(
            "coordinate '1'",
            replaced(3, "ENTRY=1"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "coordinate '1,2,3'",
            replaced(3, "ENTRY=1,2,3"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "coordinate 'a,b'",
            replaced(3, "ENTRY=a,b"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "coordinate '-1,0'",
            replaced(3, "ENTRY=-1,0"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "EXIT coordinate '1,2,3'",
            replaced(4, "EXIT=1,2,3"),
            Some(4),
            &["EXIT"],
        ),
        case(
            "ENTRY outside (x)",
            replaced(3, "ENTRY=25,0"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "ENTRY outside (y)",
            replaced(3, "ENTRY=0,20"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "EXIT outside",
            replaced(4, "EXIT=24,20"),
            Some(4),
            &["EXIT"],
        ),
        case(
            "ENTRY equal to EXIT",
            replaced(4, "EXIT=0,0"),
            Some(4),
            &["EXIT", "ENTRY"],
        ),
        case(
            "ENTRY on the 42 (top-left)",
            replaced(3, "ENTRY=9,7"),
            Some(3),
            &["ENTRY"],
        ),
        case(
            "EXIT on the 42 (bottom-right)",
            replaced(4, "EXIT=15,11"),
            Some(4),
            &["EXIT"],
        ),
        case(
            "bad boolean",
            replaced(6, "PERFECT=yes"),
            Some(6),
            &["PERFECT", "yes"],
        ),
        case(
            "bad boolean '1'",
            replaced(6, "PERFECT=1"),
            Some(6),
            &["PERFECT"],
        ),
        case(
            "too large to hold in memory",
            replaced(1, "WIDTH=100000").map(|t| t.replace("HEIGHT=20\n", "HEIGHT=100000\n")),
            Some(2),
            &["WIDTH", "HEIGHT", "1000000000"],
        ),
        case("unknown key", appended("COLOUR=red"), Some(8), &["COLOUR"]),
        case(
            "duplicate key",
            appended("width=30"),
            Some(8),
            &["WIDTH", "line 1"],
        ),
        case("bad seed", replaced(7, "SEED=-1"), Some(7), &["SEED"]),
    ]
}

#[test]
fn every_config_error_is_one_line_exit_2_and_touches_no_file() {
    for (i, case) in config_cases().into_iter().enumerate() {
        let name = case.name;
        let dir = tempdir();
        if let Some(text) = &case.text {
            write(dir.path(), CONFIG_NAME, text);
        }
        // Half the cases have an existing output file that must stay as it is.
        if i % 2 == 0 {
            write(dir.path(), OUT, "sentinel: must not change\n");
        }
        let before = snapshot(dir.path());

        let r = run(dir.path(), &["--headless", CONFIG_NAME]);

        assert_eq!(r.code, Some(2), "[{name}] exit code: {r:?}");
        assert_eq!(r.stdout, "", "[{name}] nothing on stdout: {r:?}");
        let lines = r.stderr_lines();
        assert_eq!(lines.len(), 1, "[{name}] exactly one stderr line: {r:?}");
        let line = lines[0];
        match case.line {
            Some(n) => {
                let prefix = format!("error: {CONFIG_NAME}:{n}: ");
                assert!(line.starts_with(&prefix), "[{name}] {line:?} !~ {prefix:?}");
            }
            None => {
                let prefix = format!("error: {CONFIG_NAME}: ");
                assert!(line.starts_with(&prefix), "[{name}] {line:?} !~ {prefix:?}");
            }
        }
        for mention in case.mentions {
            assert!(
                line.contains(mention),
                "[{name}] {line:?} lacks {mention:?}"
            );
        }
        assert!(
            !line.contains("panicked") && !line.contains("RUST_BACKTRACE"),
            "[{name}] {line:?}"
        );
        assert_eq!(
            snapshot(dir.path()),
            before,
            "[{name}] the folder (and {OUT}) must be untouched"
        );
    }
}

#[test]
fn a_config_error_with_check_is_exit_2_too() {
    let dir = tempdir();
    write(
        dir.path(),
        CONFIG_NAME,
        &replaced(6, "PERFECT=maybe").unwrap(),
    );
    write(dir.path(), "maze.txt", "D3\nD6\n\n0,0\n1,1\nES\n");
    let r = run(dir.path(), &["--check", "maze.txt", CONFIG_NAME]);
    assert_eq!(r.code, Some(2), "{r:?}");
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "{r:?}");
    assert!(
        lines[0].starts_with(&format!("error: {CONFIG_NAME}:6: ")),
        "{r:?}"
    );
}

#[test]
fn the_dashboards_theme_key_is_read_by_headless_and_check_and_checked_like_any_key() {
    let dir = tempdir();
    let text = config(15, 10, "0,0", "14,9", "maze.txt", true, Some(3)) + "theme = light\n";
    write(dir.path(), "config.txt", &text);
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_eq!(check.code, Some(0), "{check:?}");
    write(dir.path(), "config.txt", &format!("{text}THEME=dark\n"));
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert_eq!(
        r.stderr_lines(),
        ["error: config.txt:9: duplicate key THEME (first given on line 8)"],
        "{r:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Unwritable output
// ---------------------------------------------------------------------------------------------

/// Runs `--headless` on a 9x7 config (room for the 42, so no note) writing `output`, and
/// checks it fails with exit 1 and one `error:` line naming `output`.
fn assert_write_fails(dir: &Path, output: &str, width: u32, height: u32) {
    let exit = format!("{},{}", width - 1, height - 1);
    write(
        dir,
        "config.txt",
        &config(width, height, "0,0", &exit, output, true, Some(1)),
    );
    let r = run(dir, &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(1), "[{output}] {r:?}");
    assert_eq!(r.stdout, "", "[{output}] no summary on failure: {r:?}");
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "[{output}] one stderr line: {r:?}");
    assert!(lines[0].starts_with("error: "), "[{output}] {r:?}");
    assert!(
        lines[0].contains(output),
        "[{output}] names the path: {r:?}"
    );
}

#[test]
fn output_in_a_missing_folder_is_exit_1() {
    let dir = tempdir();
    assert_write_fails(dir.path(), "missing/maze.txt", 9, 7);
    assert!(!dir.path().join("missing").exists(), "no folder is created");
}

#[test]
fn output_that_is_a_folder_is_exit_1() {
    let dir = tempdir();
    fs::create_dir(dir.path().join("outdir")).unwrap();
    fs::write(dir.path().join("outdir/keep.txt"), "keep\n").unwrap();
    assert_write_fails(dir.path(), "outdir", 9, 7);
    assert!(dir.path().join("outdir").is_dir());
    let entries: Vec<_> = fs::read_dir(dir.path().join("outdir"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(entries, ["keep.txt"], "the folder is left as it was");
}

#[cfg(unix)]
#[test]
fn a_failed_write_into_a_read_only_folder_keeps_the_old_file() {
    use std::os::unix::fs::PermissionsExt;

    let dir = tempdir();
    let sub = dir.path().join("dir");
    fs::create_dir(&sub).unwrap();
    fs::write(sub.join("maze.txt"), "old content\n").unwrap();
    fs::set_permissions(&sub, fs::Permissions::from_mode(0o555)).unwrap();
    // Root (or a capable process) can still write: then this case says nothing, skip it.
    let probe = sub.join("probe");
    if fs::write(&probe, "x").is_ok() {
        let _ = fs::remove_file(&probe);
        fs::set_permissions(&sub, fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: a read-only folder is still writable here (running as root?)");
        return;
    }
    let before = snapshot(dir.path());
    assert_write_fails(dir.path(), "dir/maze.txt", 9, 7);
    let after = snapshot(dir.path());
    fs::set_permissions(&sub, fs::Permissions::from_mode(0o755)).unwrap();
    // config.txt is new; everything else, dir/maze.txt included, is as it was.
    let mut after = after;
    after.remove(Path::new("config.txt"));
    assert_eq!(after, before, "dir/maze.txt must keep its old content");
}

/// A write that fails half-way (the file size limit is hit while the maze is written) must
/// leave the old file as it was and no temporary file behind. Works as root too.
#[cfg(unix)]
#[test]
fn a_write_failing_half_way_keeps_the_old_file_and_leaves_no_temporary() {
    let dir = tempdir();
    // 60x40 is well over 1 KiB of maze text; the limit below is 1 block (512 or 1024 bytes).
    write(
        dir.path(),
        "config.txt",
        &config(60, 40, "0,0", "59,39", "maze.txt", true, Some(1)),
    );
    write(dir.path(), "maze.txt", "old content\n");
    let before = snapshot(dir.path());
    // With SIGXFSZ ignored, a write past the limit fails with EFBIG instead of killing us.
    let output = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1 && exec \"$0\" --headless config.txt")
        .arg(BIN)
        .current_dir(dir.path())
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(lines[0].contains("maze.txt"), "{stderr}");
    assert_eq!(
        snapshot(dir.path()),
        before,
        "old maze.txt kept, no temporary file left"
    );
}

// ---------------------------------------------------------------------------------------------
// 6. --check
// ---------------------------------------------------------------------------------------------

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn check_reports_only_the_dead_ends_of_the_subject_example() {
    let dir = tempdir();
    let maze = fixture("subject_example_25x20.txt");
    let cfg = fixture("subject_example_25x20.config.txt");
    let r = run(dir.path(), &["--check", &maze, &cfg]);
    assert_eq!(r.code, Some(1), "{r:?}");
    let lines = r.stdout_lines();
    assert_eq!(lines.len(), 1, "exactly one broken rule: {r:?}");
    assert!(lines[0].contains("dead end"), "{r:?}");
    assert!(lines[0].contains("subject_example_25x20.txt"), "{r:?}");
    assert_eq!(r.stderr, "", "{r:?}");
    assert!(
        dir.path().read_dir().unwrap().next().is_none(),
        "--check writes nothing"
    );
}

#[test]
fn check_without_config_accepts_the_subject_example() {
    // Without a config the kind of maze is unknown, so the dead-end rule does not apply.
    let dir = tempdir();
    let r = run(
        dir.path(),
        &["--check", &fixture("subject_example_25x20.txt")],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("valid 25x20"), "{r:?}");
}

#[test]
fn check_with_a_config_checks_its_stamp_and_without_one_says_which_it_assumed() {
    let dir = tempdir();
    let base = config(15, 10, "0,0", "14,9", "maze.txt", true, Some(3));
    write(dir.path(), "config.txt", &base);
    assert_eq!(run(dir.path(), &["--headless", "config.txt"]).code, Some(0));
    // The 42's closed cells cannot be reached: with no stamp, that is a broken maze.
    write(dir.path(), "none.cfg", &format!("{base}STAMP=none\n"));
    let check = run(dir.path(), &["--check", "maze.txt", "none.cfg"]);
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(
        check.stdout.contains("18 cell(s) cannot be reached"),
        "{check:?}"
    );
    assert!(!check.stdout.contains("default stamp"), "{check:?}");

    // A maze with a stamp of its own is valid for its config.
    let custom = base.replace("maze.txt", "own.txt") + "STAMP=XXX/XXX/XXX\n";
    write(dir.path(), "own.cfg", &custom);
    assert_eq!(run(dir.path(), &["--headless", "own.cfg"]).code, Some(0));
    let check = run(dir.path(), &["--check", "own.txt", "own.cfg"]);
    assert_eq!(check.code, Some(0), "{check:?}");
    assert_eq!(check.stdout_lines().len(), 1, "{check:?}");
    // Without it, the 42 is assumed, and the check says so first.
    let check = run(dir.path(), &["--check", "own.txt"]);
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(
        check.stdout_lines()[0]
            .starts_with("own.txt: no config given: checked for the default stamp, the 42"),
        "{check:?}"
    );
}

/// Generates a 25x20 perfect maze in `dir` as maze.txt and returns its text.
fn generated(dir: &Path) -> String {
    write(
        dir,
        "config.txt",
        &config(25, 20, "0,0", "24,19", "maze.txt", true, Some(5)),
    );
    let r = run(dir, &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    read(dir, "maze.txt")
}

/// `text` with the hex digit of cell (x, y) XORed with `bits`.
fn flip(text: &str, x: usize, y: usize, bits: u32) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let old = lines[y].as_bytes()[x] as char;
    let new = char::from_digit(old.to_digit(16).unwrap() ^ bits, 16)
        .unwrap()
        .to_ascii_uppercase();
    lines[y].replace_range(x..=x, &new.to_string());
    lines.join("\n") + "\n"
}

#[test]
fn check_reports_an_incoherent_wall() {
    let dir = tempdir();
    let text = generated(dir.path());
    // Cell 3,2 is inside, away from the border and the 42; flip its east wall only.
    let broken = flip(&text, 3, 2, 2);
    write(dir.path(), "broken.txt", &broken);
    for args in [
        vec!["--check", "broken.txt", "config.txt"],
        vec!["--check", "broken.txt"],
    ] {
        let r = run(dir.path(), &args);
        assert_eq!(r.code, Some(1), "{args:?}: {r:?}");
        assert!(
            r.stdout_lines()
                .iter()
                .any(|l| l.starts_with("broken.txt: ") && l.contains("incoherent")),
            "{args:?}: {r:?}"
        );
        assert!(!r.stdout.contains("valid"), "{args:?}: {r:?}");
    }
}

#[test]
fn check_reports_an_open_border_and_a_mismatched_config() {
    let dir = tempdir();
    let text = generated(dir.path());
    // Open the north wall of cell 5,0 (on the border).
    write(dir.path(), "open.txt", &flip(&text, 5, 0, 1));
    let r = run(dir.path(), &["--check", "open.txt", "config.txt"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("border"), "{r:?}");

    // The untouched maze against a config with another exit.
    write(
        dir.path(),
        "other.cfg",
        &config(25, 20, "0,0", "23,19", "maze.txt", true, Some(5)),
    );
    let r = run(dir.path(), &["--check", "maze.txt", "other.cfg"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stdout.contains("exit"), "{r:?}");
}

#[test]
fn check_reports_a_malformed_file_with_its_line() {
    let dir = tempdir();
    let text = generated(dir.path());
    let lines: Vec<&str> = text.lines().collect();
    let cut_rows = lines[..5].join("\n") + "\n";
    let mut bad_digit: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    bad_digit[2].replace_range(4..5, "G");
    let bad_digit = bad_digit.join("\n") + "\n";
    let mut short_row: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    short_row[6].pop();
    let short_row = short_row.join("\n") + "\n";
    let bad_step = text.replacen("\n0,0\n24,19\n", "\n0,0\n24,19\nX", 1);
    let bad_entry = text.replacen("\n0,0\n24,19\n", "\n0;0\n24,19\n", 1);
    let cases: [(&str, String, usize); 5] = [
        ("rows cut, no footer", cut_rows, 6),
        ("non-hex digit", bad_digit, 3),
        ("short row", short_row, 7),
        ("bad path letter", bad_step, 24),
        ("bad entry", bad_entry, 22),
    ];
    for (name, broken, line) in cases {
        write(dir.path(), "bad.txt", &broken);
        let r = run(dir.path(), &["--check", "bad.txt", "config.txt"]);
        assert_eq!(r.code, Some(1), "[{name}] {r:?}");
        assert_eq!(r.stdout, "", "[{name}] {r:?}");
        let err = r.stderr_lines();
        assert_eq!(err.len(), 1, "[{name}] one error line: {r:?}");
        let prefix = format!("error: bad.txt:{line}: ");
        assert!(err[0].starts_with(&prefix), "[{name}] {r:?} !~ {prefix:?}");
    }
}

/// A maze file that ends before its exit line, or is not text, has no line to blame; the
/// message must still be `file: message` (or `file:line: message`), not `file:message`.
#[test]
fn check_names_the_file_properly_when_the_error_has_no_line() {
    let dir = tempdir();
    write(dir.path(), "t.txt", "D3\nD6\n\n0,0\n");
    fs::write(dir.path().join("u.txt"), b"D3\nD6\n\n0,0\n1,1\nE\xffS\n").unwrap();
    for name in ["t.txt", "u.txt"] {
        let r = run(dir.path(), &["--check", name]);
        assert_eq!(r.code, Some(1), "[{name}] {r:?}");
        let err = r.stderr_lines();
        assert_eq!(err.len(), 1, "[{name}] {r:?}");
        let rest = err[0]
            .strip_prefix(&format!("error: {name}:"))
            .unwrap_or_else(|| panic!("[{name}] {r:?}"));
        let after_line = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let well_formed =
            rest.starts_with(' ') || (after_line != rest && after_line.starts_with(": "));
        assert!(
            well_formed,
            "[{name}] expected `{name}: ` or `{name}:N: `, got {:?}",
            err[0]
        );
    }
}

#[test]
fn check_on_a_missing_maze_file_is_exit_1_naming_it() {
    let dir = tempdir();
    let r = run(dir.path(), &["--check", "nope.txt"]);
    assert_eq!(r.code, Some(1), "{r:?}");
    assert_eq!(r.stdout, "", "{r:?}");
    let err = r.stderr_lines();
    assert_eq!(err.len(), 1, "{r:?}");
    assert!(err[0].starts_with("error: "), "{r:?}");
    assert!(err[0].contains("nope.txt"), "{r:?}");
}

// ---------------------------------------------------------------------------------------------
// 7. Usage
// ---------------------------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2_and_write_nothing() {
    let cases: [&[&str]; 5] = [
        &["--seed", "abc"],
        &["--headless", "--seed", "abc"],
        &["--headless", "--seed", "-1"],
        &["--headless", "--check", "x"],
        &["--headless", "--no-such-flag"],
    ];
    for args in cases {
        let dir = tempdir();
        write(
            dir.path(),
            "config.txt",
            &config(9, 7, "0,0", "8,6", "maze.txt", true, Some(1)),
        );
        write(dir.path(), "x", "D3\nD6\n\n0,0\n1,1\nES\n");
        let before = snapshot(dir.path());
        let r = run(dir.path(), args);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        assert!(r.stderr.starts_with("error: "), "{args:?}: {r:?}");
        assert_eq!(r.stdout, "", "{args:?}: {r:?}");
        assert_eq!(snapshot(dir.path()), before, "{args:?}: nothing written");
    }
}

#[test]
fn help_mentions_headless_and_check() {
    let dir = tempdir();
    let r = run(dir.path(), &["--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("--headless"), "{r:?}");
    assert!(r.stdout.contains("--check"), "{r:?}");
    assert!(r.stdout.contains("--seed"), "{r:?}");
    assert!(
        dir.path().read_dir().unwrap().next().is_none(),
        "--help writes nothing"
    );
}

// ---------------------------------------------------------------------------------------------
// 8. Algorithms, statistics and the courtyard
// ---------------------------------------------------------------------------------------------

#[test]
fn an_unknown_algorithm_is_a_usage_error_listing_the_valid_names() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(9, 7, "0,0", "8,6", "maze.txt", true, Some(1)),
    );
    let r = run(
        dir.path(),
        &["--headless", "--algorithm", "zigzag", "config.txt"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("unknown algorithm \"zigzag\""), "{r:?}");
    assert!(r.stderr.contains(&mazegen::Algorithm::names()), "{r:?}");
    assert!(!dir.path().join("maze.txt").exists());
}

#[test]
fn every_algorithm_on_the_command_line_makes_a_valid_maze_and_names_itself() {
    for &algorithm in mazegen::Algorithm::ALL {
        let dir = tempdir();
        let mut text = config(31, 17, "0,0", "30,16", "maze.txt", true, Some(5));
        // The flag wins over the config's key.
        text.push_str("ALGORITHM=backtracker\n");
        write(dir.path(), "config.txt", &text);
        let r = run(
            dir.path(),
            &["--headless", "--algorithm", algorithm.name(), "config.txt"],
        );
        assert_eq!(r.code, Some(0), "{algorithm}: {r:?}");
        assert!(
            r.stdout.contains(&format!(", {algorithm},")),
            "{algorithm}: {r:?}"
        );
        let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
        assert_eq!(check.code, Some(0), "{algorithm}: {check:?}");
    }
}

#[test]
fn stats_are_json_on_stdout_and_agree_with_the_file() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(25, 20, "0,0", "24,19", "maze.txt", false, Some(3)),
    );
    let r = run(dir.path(), &["--headless", "--stats", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stderr.starts_with("wrote maze.txt: 25x20 board"), "{r:?}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("stdout is JSON");
    assert_eq!(json["width"], 25);
    assert_eq!(json["seed"], 3);
    assert_eq!(json["algorithm"], "backtracker");
    let stats = &json["stats"];
    assert_eq!(stats["cells"], 25 * 20 - 18);
    let kinds: u64 = ["dead_ends", "junctions", "straights", "turns"]
        .iter()
        .map(|k| stats[k].as_u64().unwrap())
        .sum();
    assert_eq!(kinds, 25 * 20 - 18, "every cell is one kind: {stats}");
    assert!(
        stats["loops"].as_u64().unwrap() >= 2,
        "a board has loops: {stats}"
    );
    // The path length is the one in the file.
    let maze = read(dir.path(), "maze.txt");
    let path_line = maze.lines().last().unwrap();
    assert_eq!(stats["path_length"], path_line.len() as u64);
    let share = stats["path_share"].as_f64().unwrap();
    assert!((share - (path_line.len() + 1) as f64 / (25.0 * 20.0 - 18.0)).abs() < 1e-9);
    let river = stats["river_factor"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&river));
}

#[test]
fn stats_without_headless_is_a_usage_error() {
    let dir = tempdir();
    let r = run(dir.path(), &["--stats"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("--headless"), "{r:?}");
}

#[test]
fn a_courtyard_maze_is_written_checked_and_its_42_moved() {
    let dir = tempdir();
    let mut text = config(25, 20, "0,0", "24,19", "maze.txt", true, Some(4));
    text.push_str("COURTYARD=True\n");
    write(dir.path(), "config.txt", &text);
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(r.stderr_lines(), [COURTYARD_WARNING_PERFECT], "{r:?}");
    let maze = read(dir.path(), "maze.txt");
    let rows: Vec<&str> = maze.lines().take(20).collect();
    // The courtyard's centre cell (12,9) is open on all four sides.
    assert_eq!(&rows[9][12..13], "0", "{maze}");
    // The 42 moved up to (9,2): its top-left cell is closed.
    assert_eq!(&rows[2][9..10], "F", "{maze}");
    let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_eq!(check.code, Some(0), "{check:?}");
    // Without the config, the checker sees an open area and a missing 42.
    let check = run(dir.path(), &["--check", "maze.txt"]);
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(check.stdout.contains("open area"), "{check:?}");
}

/// Issue 18: an option that breaks a subject rule says so, naming the rule.
const COURTYARD_WARNING_PERFECT: &str = "warning: COURTYARD=True breaks the subject's rule of no \
    open area larger than 2x3 (the courtyard is an open 3x3) and its rule of one path between \
    two cells (it makes loops): a 42 checker refuses this file";

#[test]
fn a_partial_braid_says_which_subject_rule_it_breaks_and_check_names_it() {
    let dir = tempdir();
    let mut text = config(20, 15, "0,0", "19,14", "maze.txt", false, Some(4));
    text.push_str("BRAID=0.5\n");
    write(dir.path(), "config.txt", &text);
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let warning = "BRAID=0.5 breaks the subject's rule of a board with dead ends rare (at most \
                   2 not forced by the border or the 42): a 42 checker refuses this file";
    assert_eq!(r.stderr_lines(), [format!("warning: {warning}")], "{r:?}");
    let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_eq!(check.code, Some(0), "{check:?}");
    let lines = check.stdout_lines();
    assert!(
        lines[0].starts_with("maze.txt: valid 20x15 maze"),
        "{check:?}"
    );
    assert_eq!(lines[1..], [format!("maze.txt: {warning}")], "{check:?}");
}

const COURTYARD_HINT: &str =
    "this looks like a COURTYARD=True maze: pass its config (--check MAZE CONFIG)";

/// Issue 11: checked without its config, a courtyard maze breaks a screenful of rules; the
/// checker says once why, after them.
#[test]
fn check_without_its_config_says_once_that_a_maze_looks_like_a_courtyard_maze() {
    for (w, h, perfect) in [(25, 20, true), (30, 20, false), (12, 12, true)] {
        let dir = tempdir();
        let exit = format!("{},{}", w - 1, h - 1);
        let mut text = config(w, h, "0,0", &exit, "maze.txt", perfect, Some(4));
        text.push_str("COURTYARD=True\n");
        write(dir.path(), "config.txt", &text);
        let r = run(dir.path(), &["--headless", "config.txt"]);
        assert_eq!(r.code, Some(0), "{w}x{h}: {r:?}");

        let check = run(dir.path(), &["--check", "maze.txt"]);
        assert_eq!(check.code, Some(1), "{w}x{h}: {check:?}");
        let lines = check.stdout_lines();
        let hint = format!("maze.txt: {COURTYARD_HINT}");
        assert_eq!(
            lines.iter().filter(|l| **l == hint).count(),
            1,
            "{w}x{h}: {check:?}"
        );
        assert_eq!(
            lines.last(),
            Some(&hint.as_str()),
            "{w}x{h}: after the rules"
        );
        assert!(lines.len() > 1, "{w}x{h}: {check:?}");

        // Valid for its config, and the rule the courtyard breaks named once.
        let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
        assert_eq!(check.code, Some(0), "{w}x{h}: {check:?}");
        let lines = check.stdout_lines();
        assert_eq!(lines.len(), 2, "{w}x{h}: {check:?}");
        assert!(
            lines[0].starts_with("maze.txt: valid "),
            "{w}x{h}: {check:?}"
        );
        assert!(
            lines[1].starts_with("maze.txt: COURTYARD=True breaks the subject's rule"),
            "{w}x{h}: {check:?}"
        );
    }
}

#[test]
fn an_ordinary_broken_maze_gets_no_courtyard_hint() {
    let dir = tempdir();
    let text = generated(dir.path());
    // Open the border: broken, but nothing like a courtyard maze.
    let broken = flip(&text, 3, 0, 1);
    write(dir.path(), "broken.txt", &broken);
    let check = run(dir.path(), &["--check", "broken.txt"]);
    assert_eq!(check.code, Some(1), "{check:?}");
    assert!(!check.stdout.contains("COURTYARD"), "{check:?}");
}

#[test]
fn no_room_for_the_42_beside_the_courtyard_is_a_note() {
    let dir = tempdir();
    let mut text = config(12, 12, "0,0", "11,11", "maze.txt", true, Some(4));
    text.push_str("COURTYARD=True\n");
    write(dir.path(), "config.txt", &text);
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_eq!(
        r.stderr_lines(),
        [
            "note: the 12x12 maze has no room for the 42 beside the courtyard; generated without it",
            COURTYARD_WARNING_PERFECT
        ]
    );
    let check = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_eq!(check.code, Some(0), "{check:?}");
}

#[test]
fn an_entry_on_the_moved_42_is_a_config_error() {
    let dir = tempdir();
    let mut text = config(25, 20, "9,2", "24,19", "maze.txt", true, Some(4));
    text.push_str("COURTYARD=True\n");
    write(dir.path(), "config.txt", &text);
    let r = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(
        r.stderr.contains("config.txt:3: ENTRY 9,2 is on the 42"),
        "{r:?}"
    );
}

#[test]
fn svg_is_written_next_to_the_maze_file_and_parses() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(25, 20, "0,0", "24,19", "maze.txt", true, Some(6)),
    );
    let r = run(
        dir.path(),
        &["--headless", "--svg", "maze.svg", "config.txt"],
    );
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(
        r.stdout.starts_with("wrote maze.txt and maze.svg: "),
        "{r:?}"
    );
    let text = read(dir.path(), "maze.svg");
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let has = |id: &str| doc.descendants().any(|n| n.attribute("id") == Some(id));
    assert!(has("walls") && has("solution") && has("markers") && has("stamp"));
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(desc.contains("seed=6"), "{desc}");
    // The same maze as the hex file: a second run without --svg writes identical hex.
    let hex = read(dir.path(), "maze.txt");
    let again = run(dir.path(), &["--headless", "config.txt"]);
    assert_eq!(again.code, Some(0));
    assert_eq!(read(dir.path(), "maze.txt"), hex);
}

#[test]
fn an_unwritable_svg_path_is_an_error_naming_it() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(9, 7, "0,0", "8,6", "maze.txt", true, Some(6)),
    );
    let r = run(
        dir.path(),
        &["--headless", "--svg", "no/such/dir/m.svg", "config.txt"],
    );
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(r.stderr.starts_with("error: "), "{r:?}");
    assert!(r.stderr.contains("no/such/dir/m.svg"), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{r:?}");
}

#[test]
fn svg_cell_sets_the_pictures_pixels_a_cell_and_the_default_fits_a_screen() {
    let dir = tempdir();
    write(
        dir.path(),
        "config.txt",
        &config(600, 30, "0,0", "599,29", "maze.txt", true, Some(1)),
    );
    let size = |name: &str| {
        let text = read(dir.path(), name);
        let doc = roxmltree::Document::parse(&text).unwrap();
        let root = doc.root_element();
        let number = |attr| root.attribute(attr).unwrap().parse::<u64>().unwrap();
        (number("width"), number("height"))
    };
    let r = run(
        dir.path(),
        &["--headless", "--svg", "fit.svg", "config.txt"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(size("fit.svg"), (1600, (32 * 1600 + 301) / 602));
    let r = run(
        dir.path(),
        &[
            "--headless",
            "--svg",
            "px.svg",
            "--svg-cell",
            "5",
            "config.txt",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(size("px.svg"), (602 * 5, 32 * 5));
}

/// `--headless --race`: a table, a line an algorithm, with the path each finds (the same as
/// `--headless --algorithm NAME` writes), and nothing written; a wrong count is a usage error.
#[test]
fn headless_race_prints_a_table_and_writes_nothing() {
    let dir = tempdir();
    let dir = dir.path();
    write(
        dir,
        "config.txt",
        &config(25, 20, "0,0", "24,19", "maze.txt", true, Some(42)),
    );
    let race = run(
        dir,
        &[
            "--headless",
            "--race",
            "backtracker,kruskal,prim",
            "config.txt",
        ],
    );
    assert_eq!(race.code, Some(0), "{}", race.stderr);
    let lines = race.stdout_lines();
    assert_eq!(lines[0], "race on a 25x20 maze, seed 42");
    assert!(lines[1].starts_with("algorithm "), "{}", lines[1]);
    assert_eq!(lines.len(), 5, "{}", race.stdout);
    assert!(!dir.join("maze.txt").exists(), "a race writes nothing");
    for (line, name) in lines[2..].iter().zip(["backtracker", "kruskal", "prim"]) {
        let columns: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(columns[0], name);
        let single = run(dir, &["--headless", "--algorithm", name, "config.txt"]);
        let path_steps = number_after(&single.stdout, "path ");
        assert_eq!(columns[3], path_steps.to_string(), "{name}: {line}");
    }
    for bad in ["kruskal", "kruskal,nope", "a,b,c,d,e"] {
        let refused = run(dir, &["--headless", "--race", bad, "config.txt"]);
        assert_eq!(refused.code, Some(2), "{bad}: {}", refused.stderr);
        assert!(refused.stderr.starts_with("error: "), "{}", refused.stderr);
    }
}

/// Issue 18: the reader is lenient, `--check` is not: each deviation from the subject's layout
/// is a format problem, exit 1, even when every maze rule holds.
#[test]
fn check_reports_each_departure_from_the_strict_layout() {
    let dir = tempdir();
    let text = generated(dir.path());
    let lines: Vec<&str> = text.lines().collect();
    let (entry, path) = (21, 23);
    let spaced = text.replacen(lines[entry], &lines[entry].replace(',', ", "), 1);
    let lowercase = {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        l[path] = l[path].to_lowercase();
        l.join("\n") + "\n"
    };
    for (broken, problem) in [
        (
            text.trim_end().to_owned(),
            "format: line 24 does not end with a newline (\\n)".to_owned(),
        ),
        (
            spaced,
            "format: line 22 holds a space or a tab at column 3".to_owned(),
        ),
        (
            lowercase,
            "format: line 24 has a lowercase path letter at column 1 (N, E, S, W)".to_owned(),
        ),
        (
            format!("{text}\n"),
            "format: line 25 comes after the path line, the file's last".to_owned(),
        ),
    ] {
        write(dir.path(), "odd.txt", &broken);
        let r = run(dir.path(), &["--check", "odd.txt", "config.txt"]);
        assert_eq!(r.code, Some(1), "{problem}: {r:?}");
        assert_eq!(r.stdout_lines(), [format!("odd.txt: {problem}")], "{r:?}");
    }
    let r = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_eq!(r.code, Some(0), "{r:?}");
}
