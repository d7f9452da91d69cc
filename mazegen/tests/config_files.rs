//! `Config::load` on hostile files: the config named as its own OUTPUT_FILE (by any name), files
//! that are too large, and files that are not regular files.

use std::fs;
use std::path::Path;

use mazegen::config::{Config, ConfigErrorKind};

fn config_text(output: &str) -> String {
    format!(
        "WIDTH=9\nHEIGHT=7\nENTRY=0,0\nEXIT=8,6\n# where the maze goes\nOUTPUT_FILE={output}\nPERFECT=True\n"
    )
}

fn write_config(dir: &Path, output: &str) -> std::path::PathBuf {
    let path = dir.join("self.cfg");
    fs::write(&path, config_text(output)).unwrap();
    path
}

fn assert_output_is_config(config: &Path) {
    let err = Config::load(config).unwrap_err();
    let mazegen::Error::Config { line, kind, .. } = &err else {
        panic!("not a config error: {err:?}");
    };
    assert!(
        matches!(kind, ConfigErrorKind::OutputIsConfig { .. }),
        "{err}"
    );
    assert_eq!(*line, Some(6), "the line of OUTPUT_FILE: {err}");
    assert_eq!(kind.key(), Some("OUTPUT_FILE"));
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("{}:6: ", config.display())),
        "{message}"
    );
    assert!(!message.contains('\n'), "one line: {message}");
}

#[test]
fn output_file_naming_the_config_itself_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("self.cfg");
    for output in [
        cfg.display().to_string(),
        format!("{}/./self.cfg", dir.path().display()),
    ] {
        fs::write(&cfg, config_text(&output)).unwrap();
        assert_output_is_config(&cfg);
        assert!(fs::read_to_string(&cfg).unwrap().contains("OUTPUT_FILE"));
    }
}

#[cfg(unix)]
#[test]
fn output_file_linking_to_the_config_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let soft = dir.path().join("soft.txt");
    let hard = dir.path().join("hard.txt");
    let cfg = write_config(dir.path(), &soft.display().to_string());
    std::os::unix::fs::symlink(&cfg, &soft).unwrap();
    assert_output_is_config(&cfg);
    let cfg = write_config(dir.path(), &hard.display().to_string());
    fs::hard_link(&cfg, &hard).unwrap();
    assert_output_is_config(&cfg);
}

#[test]
fn another_output_file_is_fine() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("maze.txt");
    fs::write(&out, "old").unwrap();
    let cfg = write_config(dir.path(), &out.display().to_string());
    assert_eq!(Config::load(&cfg).unwrap().output_file, out);
}

#[test]
fn a_config_larger_than_the_limit_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("huge.cfg");
    let mut text = config_text("maze.txt");
    text.push_str(&"#".repeat(Config::MAX_BYTES as usize));
    fs::write(&cfg, text).unwrap();
    let err = Config::load(&cfg).unwrap_err();
    assert!(
        err.to_string().ends_with("more than the 1.0 MiB allowed"),
        "{err}"
    );
}

#[test]
fn a_directory_is_not_a_config() {
    let dir = tempfile::tempdir().unwrap();
    let err = Config::load(dir.path()).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("config.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipping: mkfifo is not available");
        return;
    }
    let err = Config::load(&fifo).unwrap_err();
    assert!(
        err.to_string().contains("it is a FIFO, not a regular file"),
        "{err}"
    );
}
