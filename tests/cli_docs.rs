//! The command line's own documentation, as a user meets it: `--help` grouped by mode, the shell
//! completions (`--completions SHELL`) and the man page (`--man`). All three are generated from
//! the one clap definition; these tests check that each one lists every flag `--help` lists.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let output = run(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `--help`, as the flags under each heading: the heading (`Options`, `Race`...) to the long
/// flags whose lines start under it.
fn help_sections() -> BTreeMap<String, Vec<String>> {
    let help = stdout(&["--help"]);
    let mut sections = BTreeMap::<String, Vec<String>>::new();
    let mut heading = None;
    for line in help.lines() {
        if let Some(title) = line.strip_suffix(':').filter(|_| !line.starts_with(' ')) {
            heading = Some(title.to_owned());
            continue;
        }
        // An option's line: `  -h, --help  ...` or `      --seed <N>  ...`.
        let Some(flag) = line
            .trim_start()
            .split([',', ' '])
            .find(|word| word.starts_with("--"))
            .filter(|_| line.trim_start().starts_with('-'))
        else {
            continue;
        };
        let heading = heading.clone().expect("an option under a heading");
        sections
            .entry(heading)
            .or_default()
            .push(flag.trim_start_matches("--").to_owned());
    }
    sections
}

/// Every long flag `--help` lists, without its dashes.
fn long_flags() -> Vec<String> {
    let flags: Vec<String> = help_sections().into_values().flatten().collect();
    for known in [
        "headless",
        "check",
        "open",
        "race",
        "seed",
        "completions",
        "man",
    ] {
        assert!(flags.iter().any(|f| f == known), "--{known} in {flags:?}");
    }
    flags
}

#[test]
fn help_groups_the_flags_by_mode() {
    let sections = help_sections();
    let heading_of = |flag: &str| {
        sections
            .iter()
            .find(|(_, flags)| flags.iter().any(|f| f == flag))
            .map(|(heading, _)| heading.as_str())
            .unwrap_or_else(|| panic!("--{flag} is under no heading: {sections:?}"))
    };
    for flag in ["headless", "stats", "svg", "svg-cell"] {
        assert_eq!(heading_of(flag), "Headless (no dashboard)", "--{flag}");
    }
    assert_eq!(heading_of("check"), "Checking a maze file");
    assert_eq!(
        heading_of("open"),
        "Inspecting a maze file in the dashboard"
    );
    assert_eq!(heading_of("race"), "Race");
    for flag in ["seed", "algorithm", "max-memory"] {
        assert_eq!(
            heading_of(flag),
            "The maze (every mode that makes one)",
            "--{flag}"
        );
    }
    for flag in ["completions", "man"] {
        assert_eq!(
            heading_of(flag),
            "Shell completions and the manual",
            "--{flag}"
        );
    }
    assert_eq!(heading_of("help"), "Options");
}

#[test]
fn every_shell_completes_every_long_flag() {
    let flags = long_flags();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["--completions", shell]);
        for flag in &flags {
            // fish names a long flag `-l NAME`; the others write it out.
            let spelled = match shell {
                "fish" => format!("-l {flag}"),
                _ => format!("--{flag}"),
            };
            assert!(script.contains(&spelled), "{shell}: no {spelled}");
        }
    }
}

/// The bash script is one bash accepts (`bash -n` parses without running).
#[test]
fn the_bash_completions_parse() {
    let script = stdout(&["--completions", "bash"]);
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let checked = bash.wait_with_output().unwrap();
    assert!(
        checked.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert!(
        script.contains("complete -F _a__maze__ing"),
        "registers itself"
    );
}

#[test]
fn completions_refuse_an_unknown_shell() {
    let output = run(&["--completions", "cmd.exe"]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("bash") && error.contains("zsh"), "{error}");
}

#[test]
fn the_man_page_documents_every_long_flag() {
    let page = stdout(&["--man"]);
    assert!(
        page.starts_with(".ie"),
        "roff: {}",
        &page[..40.min(page.len())]
    );
    assert!(page.contains(".TH a-maze-ing 1"), "its title: section 1");
    for flag in long_flags() {
        // roff writes a literal hyphen as `\-`.
        let spelled = format!("\\-\\-{}", flag.replace('-', "\\-"));
        assert!(page.contains(&spelled), "no {spelled}");
    }
    assert!(page.contains("Exit codes"), "the after-help is in it");
}

/// `man` renders the page, with every heading of `--help`. Runs where `man` is installed (Debian's
/// man-db), and says so where it is not.
#[test]
fn man_renders_the_man_page() {
    let page = run(&["--man"]).stdout;
    let rendered = Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "100")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut man) = rendered else {
        println!("note: man is not installed (apt install man-db); the page is not rendered");
        return;
    };
    man.stdin.take().unwrap().write_all(&page).unwrap();
    let output = man.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "man: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // man overstrikes for bold (`N\x08N`): keep the last character of each such pair.
    let mut text = String::new();
    for c in String::from_utf8_lossy(&output.stdout).chars() {
        if c == '\x08' {
            text.pop();
        } else {
            text.push(c);
        }
    }
    for heading in [
        "NAME",
        "SYNOPSIS",
        "HEADLESS (NO DASHBOARD)",
        "RACE",
        "SHELL COMPLETIONS AND THE MANUAL",
    ] {
        assert!(text.contains(heading), "{heading} in:\n{text}");
    }
}

#[test]
fn completions_and_man_stand_alone() {
    for args in [
        ["--man", "--headless"],
        ["--completions=bash", "config.txt"],
    ] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing printed");
    }
}

/// The README's example session is what the binary prints on `config.txt` (the run's time
/// aside): `$ a-maze-ing ARGS` lines, each followed by its output.
#[test]
fn the_readmes_example_session_is_real() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(root.join("config.txt"), dir.path().join("config.txt")).unwrap();
    // Milliseconds vary from run to run: `1.4 ms` reads as `N ms`.
    let timeless = |line: &str| {
        let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        for i in 1..words.len() {
            if words[i] == "ms" && words[i - 1].parse::<f64>().is_ok() {
                words[i - 1] = "N".to_owned();
            }
        }
        words.join(" ")
    };
    let mut lines = readme.lines().peekable();
    let mut commands = 0;
    while let Some(line) = lines.next() {
        let Some(args) = line.strip_prefix("$ a-maze-ing ") else {
            continue;
        };
        let mut expected = Vec::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with("$ ") && !l.starts_with("```")) {
            expected.push(timeless(next));
        }
        let output = Command::new(BIN)
            .current_dir(dir.path())
            .args(args.split(' '))
            .output()
            .unwrap();
        assert!(output.status.success(), "{args}");
        let printed = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        let printed: Vec<String> = printed.lines().map(timeless).collect();
        assert_eq!(printed, expected, "a-maze-ing {args}");
        commands += 1;
    }
    assert!(commands >= 2, "the README shows {commands} commands");
}
