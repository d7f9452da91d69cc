//! End-to-end: what the binary prints when the user's own bytes are in the message. Control
//! characters are escaped, long values cut, every error one line; `--check` on a file broken
//! at every cell lists a few violations of each rule and counts the rest.

#[path = "support/binary.rs"]
mod binary;

use binary::run;
use std::fs;
use std::process::Output;

fn config(output: &str, algorithm: &str) -> String {
    format!(
        "WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE={output}\nPERFECT=True\nSEED=5\nALGORITHM={algorithm}\n"
    )
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One `error:` line, with no control character but its final newline.
fn assert_one_clean_line(output: &Output, code: i32) -> String {
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{err}");
    assert!(err.starts_with("error: ") && err.ends_with('\n'), "{err:?}");
    let line = err.trim_end_matches('\n');
    assert!(!line.contains(char::is_control), "{err:?}");
    line.to_owned()
}

#[test]
fn an_escape_sequence_in_a_config_value_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("c.cfg"),
        config("m.txt", "back\x1b[31mtracker"),
    )
    .unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--headless", "c.cfg"]), 2);
    assert!(
        line.contains(r#"c.cfg:8: ALGORITHM: unknown algorithm "back\u{1b}[31mtracker""#),
        "{line}"
    );
}

#[test]
fn a_huge_bad_value_is_cut_at_80_characters() {
    let dir = tempfile::tempdir().unwrap();
    let huge = format!("WIDTH={}\n", "7".repeat(900_000));
    fs::write(dir.path().join("c.cfg"), huge).unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--headless", "c.cfg"]), 2);
    assert!(
        line.ends_with(&format!("got \"{}…\"", "7".repeat(80))),
        "{line}"
    );
    assert!(line.len() < 200, "{} bytes", line.len());
}

#[test]
fn a_config_path_with_a_newline_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a\nb.cfg"), "WIDTH=x\n").unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--headless", "a\nb.cfg"]), 2);
    assert!(line.starts_with(r"error: a\nb.cfg:1: WIDTH"), "{line}");
}

#[test]
fn a_nul_in_output_file_is_a_config_error_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.cfg"), config("m\0.txt", "backtracker")).unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--headless", "c.cfg"]), 2);
    assert!(line.contains(r#"c.cfg:5: OUTPUT_FILE "m\0.txt""#), "{line}");
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "only the config"
    );
}

#[test]
fn a_control_character_in_output_file_is_escaped_in_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.cfg"), config("m\x01.txt", "backtracker")).unwrap();
    let output = run(dir.path(), &["--headless", "c.cfg"]);
    let out = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(out.starts_with(r"wrote m\u{1}.txt: 12x9"), "{out:?}");
    assert!(
        dir.path().join("m\x01.txt").is_file(),
        "the file keeps its real name"
    );
}

#[test]
fn check_escapes_the_text_it_quotes_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = "93\nC6\n\n0,0\n1,1\nES\n\x1b]0;pwned\x07\n";
    fs::write(dir.path().join("m.txt"), file).unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--check", "m.txt"]), 1);
    assert!(
        line.contains(r#"unexpected text after the path: "\u{1b}]0;pwned\u{7}""#),
        "{line}"
    );
}

#[test]
fn a_command_line_mistake_is_one_line_and_help_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let line = assert_one_clean_line(&run(dir.path(), &["--bogus"]), 2);
    assert_eq!(
        line,
        "error: unexpected argument '--bogus' found (see --help)"
    );
    let help = run(dir.path(), &["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).lines().count() > 5);
}

/// A 300x200 file with every wall open breaks the border and open-area rules at most cells:
/// ten of each are listed, then a count of the rest, grouped by thousands.
#[test]
fn check_lists_ten_violations_of_each_rule_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (300usize, 200usize);
    let mut file = format!("{}\n", "0".repeat(w)).repeat(h);
    file.push_str("\n0,0\n299,199\n\n");
    fs::write(dir.path().join("open.txt"), file).unwrap();
    let output = run(dir.path(), &["--check", "open.txt"]);
    assert_eq!(output.status.code(), Some(1));
    let out = text(&output.stdout);
    let areas: Vec<&str> = out.lines().filter(|l| l.contains("open area:")).collect();
    assert_eq!(areas.len(), 10, "{out}");
    let omitted = (w - 2) * (h - 2) - 10;
    let grouped = format!("{},{:03}", omitted / 1000, omitted % 1000);
    assert!(
        out.contains(&format!(
            "open.txt: ... and {grouped} more open 3x3 areas\n"
        )),
        "{out}"
    );
    let border = out.lines().filter(|l| l.contains("open border:")).count();
    assert_eq!(border, 10, "{out}");
    assert!(out.lines().count() < 80, "{out}");
}

/// Issue 41: a value our own parser refuses is escaped once, in clap's part of the message and
/// in ours (`"kr\u{1b}x"`, never `"kr\\u{1b}x"`).
#[test]
fn a_refused_race_or_algorithm_name_is_escaped_once() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.cfg"), config("m.txt", "prim")).unwrap();
    for args in [
        &["--headless", "--race", "prim,kr\x1bx", "c.cfg"][..],
        &["--headless", "--algorithm", "kr\x1bx", "c.cfg"],
    ] {
        let line = assert_one_clean_line(&run(dir.path(), args), 2);
        assert!(line.contains(r#"unknown algorithm "kr\u{1b}x""#), "{line}");
        assert!(!line.contains(r"\\u{1b}"), "{line}");
    }
}

/// Issue 41: a misspelt algorithm gets a "did you mean", wherever it is given.
#[test]
fn a_misspelt_algorithm_is_answered_with_the_name_meant() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.cfg"), config("m.txt", "prim")).unwrap();
    fs::write(dir.path().join("k.cfg"), config("m.txt", "kruscal")).unwrap();
    for args in [
        &["--headless", "--race", "prim,kruscal", "c.cfg"][..],
        &["--headless", "--algorithm", "kruscal", "c.cfg"],
        &["--headless", "k.cfg"],
    ] {
        let line = assert_one_clean_line(&run(dir.path(), args), 2);
        assert!(
            line.contains(r#"unknown algorithm "kruscal"; did you mean kruskal?"#),
            "{line}"
        );
    }
}

/// Issue 41: a theme name with control characters in the config is escaped in `--headless`'s
/// note, as in every other message.
#[test]
fn a_theme_name_with_control_characters_is_escaped_in_the_note() {
    let dir = tempfile::tempdir().unwrap();
    let text = config("m.txt", "prim") + "THEME=\x1b]0;PWN\x07evil\u{202e}\n";
    fs::write(dir.path().join("c.cfg"), text).unwrap();
    let output = run(dir.path(), &["--headless", "--png", "m.png", "c.cfg"]);
    assert_eq!(output.status.code(), Some(0));
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        err.contains(r"THEME=\u{1b}]0;PWN\u{7}evil\u{202e}: no such theme"),
        "{err:?}"
    );
    assert!(!err.trim_end().contains(char::is_control), "{err:?}");
}

/// Issue 41: `--theme` naming a theme of one's own that is broken says why it is broken, not
/// that there is no such theme.
#[test]
fn a_broken_theme_of_ones_own_asked_for_by_name_says_why() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.cfg"), config("m.txt", "prim")).unwrap();
    let themes = dir.path().join("user-config/a-maze-ing/themes");
    fs::create_dir_all(&themes).unwrap();
    fs::write(themes.join("mine.toml"), "colors = 3\n").unwrap();
    let output = std::process::Command::new(binary::BIN)
        .current_dir(dir.path())
        .env("XDG_CONFIG_HOME", dir.path().join("user-config"))
        .env_remove("RUST_BACKTRACE")
        .args(["--headless", "--svg", "m.svg", "--theme", "mine", "c.cfg"])
        .output()
        .unwrap();
    let line = assert_one_clean_line(&output, 2);
    assert!(
        line.starts_with("error: --theme mine: the theme is broken: "),
        "{line}"
    );
    assert!(line.contains("mine.toml"), "{line}");
    assert!(!line.contains("no such theme"), "{line}");
}
