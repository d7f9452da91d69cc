//! Signals, sent to the real binary as a user, a shell or a service manager would: every
//! signal whose default action ends a process ends it with the shell's status for it
//! (128 + the signal), the terminal given back and no temporary file left; SIGTSTP from
//! outside stops it with the terminal given back, and `fg` (SIGCONT) resumes the dashboard;
//! a signal in the first milliseconds finds the terminal untouched or restores it.

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;
#[path = "support/studio.rs"]
mod studio;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use pty::Terminal;

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

fn write_config(dir: &Path, width: u32, height: u32) {
    let text = format!(
        "WIDTH={width}\nHEIGHT={height}\nENTRY=0,0\nEXIT={},{}\nOUTPUT_FILE=maze.txt\n\
         PERFECT=True\nSEED=3\n",
        width - 1,
        height - 1
    );
    fs::write(dir.join("config.txt"), text).unwrap();
}

fn dashboard(dir: &Path) -> Terminal {
    studio::start(dir, "config.txt")
}

/// kill(1), not kill(2): the workspace forbids unsafe code. The pid is the test's own child,
/// not waited for yet, so it cannot have been reused by another process.
fn kill(signal: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal} failed");
}

/// The process's state letter in /proc (`T`: stopped).
fn state(pid: u32) -> Option<char> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.chars().next()
}

fn wait_until(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + pty::TIMEOUT;
    while !done() {
        assert!(
            Instant::now() < deadline,
            "no {what} after {:?}",
            pty::TIMEOUT
        );
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn every_ending_signal_restores_the_terminal_with_the_shells_status() {
    for (signal, number) in [
        ("QUIT", 3),
        ("INT", 2),
        ("HUP", 1),
        ("TERM", 15),
        ("USR1", 10),
        ("ALRM", 14),
    ] {
        let dir = tempfile::tempdir().unwrap();
        write_config(dir.path(), 60, 40);
        let app = dashboard(dir.path());
        app.wait_for("dashboard", false, studio::is_dashboard);
        kill(signal, app.pid());
        assert_eq!(
            app.wait_for_exit(),
            128 + number,
            "SIG{signal} ends the dashboard with 128 + {number}:\n{}",
            app.screen()
        );
        restored::assert_terminal_restored(&app.raw());
    }
}

#[test]
fn a_signal_in_the_first_milliseconds_leaves_the_terminal_untouched_or_restored() {
    let dir = tempfile::tempdir().unwrap();
    write_config(dir.path(), 30, 20);
    for run in 0..40u64 {
        let app = dashboard(dir.path());
        // From at once to the first frames, a little later each run.
        thread::sleep(Duration::from_micros(run * 250));
        kill(["TERM", "INT", "HUP", "QUIT"][run as usize % 4], app.pid());
        let status = app.wait_for_exit();
        assert!(status > 128, "run {run}: killed, exit status {status}");
        restored::assert_nothing_left_on(&app.raw());
        let raw = app.raw();
        if raw.windows(8).any(|w| w == b"\x1b[?1049h") {
            restored::assert_terminal_restored(&raw);
        }
    }
}

#[test]
fn sigtstp_from_outside_gives_the_terminal_back_and_fg_takes_it_again() {
    let dir = tempfile::tempdir().unwrap();
    write_config(dir.path(), 15, 10);
    let app = dashboard(dir.path());
    studio::solve(&app);

    kill("TSTP", app.pid());
    wait_until("stopped process", || state(app.pid()) == Some('T'));
    // What it wrote before it stopped may still be on its way through the pty.
    wait_until("terminal given back", || {
        restored::left_alternate_screen(&app.raw())
    });
    restored::assert_terminal_restored(&app.raw());
    let before = app.raw().len();

    kill("CONT", app.pid());
    app.wait_for("the dashboard drawn again", true, |s| {
        studio::is_dashboard(s) && s.contains("Done")
    });
    assert!(app.raw().len() > before);
    // Raw mode again: a key does its work at once, no Enter needed.
    studio::answers_then_quits(&app);
}

#[test]
fn headless_killed_mid_write_leaves_no_temporary_file() {
    for (signal, number) in [("QUIT", 3), ("USR1", 10)] {
        let (dir, status) = killed_mid_write(signal);
        assert_eq!(status.code(), Some(128 + number), "SIG{signal}: {status}");
        assert!(
            !has_temporary(dir.path()),
            "SIG{signal} left a temporary file"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("maze.txt")).unwrap(),
            "the old maze\n"
        );
    }
}

fn has_temporary(dir: &Path) -> bool {
    fs::read_dir(dir)
        .unwrap()
        .any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".tmp"))
}

/// A `--headless` run over an old `maze.txt`, sent `signal` once its temporary file is seen,
/// and how it ended. The file lasts as long as the rows take to write, a few milliseconds
/// at 2000x2000 on a fast machine: a run that ends before it is seen, or that the signal
/// reaches only once the new maze is in place, is made again at twice the side, and only a
/// run never caught writing up to 8000x8000 fails (as would one that finished its file
/// despite the signal).
fn killed_mid_write(signal: &str) -> (tempfile::TempDir, std::process::ExitStatus) {
    for side in [2000, 4000, 8000] {
        let dir = tempfile::tempdir().unwrap();
        write_config(dir.path(), side, side);
        fs::write(dir.path().join("maze.txt"), "the old maze\n").unwrap();
        let mut child = Command::new(BIN)
            .args(["--headless", "config.txt"])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + pty::TIMEOUT;
        while !has_temporary(dir.path()) && child.try_wait().unwrap().is_none() {
            assert!(
                Instant::now() < deadline,
                "no temporary file after {:?}",
                pty::TIMEOUT
            );
            thread::sleep(Duration::from_millis(1));
        }
        if child.try_wait().unwrap().is_some() {
            continue;
        }
        kill(signal, child.id());
        let status = child.wait().unwrap();
        let old = fs::read_to_string(dir.path().join("maze.txt")).unwrap() == "the old maze\n";
        if !status.success() && old {
            return (dir, status);
        }
    }
    panic!("SIG{signal}: no run caught writing, up to 8000x8000");
}

/// Ctrl-Z stops the dashboard with the terminal given back, and `fg` resumes it, redrawn,
/// on a terminal that never answers a cursor-position query (this test's does not): the
/// redraw asked the terminal where its cursor was, and ended in an error after a wait.
#[test]
fn ctrl_z_then_fg_resumes_on_a_terminal_that_answers_no_queries() {
    let dir = tempfile::tempdir().unwrap();
    write_config(dir.path(), 15, 10);
    let app = dashboard(dir.path());
    studio::solve(&app);
    app.write(b"\x1a");
    wait_until("stopped process", || state(app.pid()) == Some('T'));
    wait_until("terminal given back", || {
        restored::left_alternate_screen(&app.raw())
    });
    kill("CONT", app.pid());
    app.wait_for("the dashboard drawn again", true, |s| {
        studio::is_dashboard(s) && s.contains("Done")
    });
    studio::answers_then_quits(&app);
}
