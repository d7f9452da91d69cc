//! An in-process terminal for end-to-end tests: a program runs in a pseudo-terminal
//! (`portable-pty`) and everything it writes goes through a terminal emulator (`vt100`), so a
//! test reads the screen a person would see, text and colours, and sends keys as a keyboard
//! would. Nothing outside the test process is needed (no tmux, no shell).
//!
//! A reader thread pulls the program's output from the pty and feeds the emulator behind a
//! mutex, keeping the raw bytes too (to check escape sequences); a condition variable wakes
//! whoever waits on the screen. Nothing waits a fixed time: every wait is for something to show
//! up, with a deadline, and a timeout fails with the last screen. Dropping the `Terminal` kills
//! the program.
//!
//! Unix only: exit statuses follow the shell (128 + the signal for a program a signal ended).

// Each test crate that includes this file uses only some of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fmt;
use std::io::{ErrorKind, Read, Write};
use std::num::NonZeroU16;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

/// How long anything may take to show up. Generous: a loaded CI machine running a debug build
/// must not make the tests flaky. Passing runs take a fraction of it.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a screen must stay the same to count as settled (no frame half drawn).
const QUIET: Duration = Duration::from_millis(100);
/// How often the program's exit is checked while waiting for it.
const POLL: Duration = Duration::from_millis(20);

/// A command for `program` run in `dir`, for a terminal that says it is an xterm (which the
/// emulator follows closely enough for a full-screen program). Anything else in the
/// environment is inherited: the caller removes or adds what it needs.
pub fn command(program: impl AsRef<OsStr>, dir: &Path) -> CommandBuilder {
    let mut command = CommandBuilder::new(program);
    command.cwd(dir);
    command.env("TERM", "xterm-256color");
    command
}

// ---------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------

/// The colours of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    pub fg: vt100::Color,
    pub bg: vt100::Color,
}

/// What the terminal shows at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    /// Every row as text, without its trailing blanks.
    pub lines: Vec<String>,
    /// Every cell's colours, row by row.
    pub paint: Vec<Vec<Paint>>,
}

impl Screen {
    fn of(screen: &vt100::Screen) -> Screen {
        let (rows, cols) = screen.size();
        let (rows, cols) = (rows.get(), cols.get());
        let paint = (0..rows)
            .map(|row| {
                (0..cols)
                    .map(|col| {
                        screen.cell(row, col).map_or(
                            Paint {
                                fg: vt100::Color::Default,
                                bg: vt100::Color::Default,
                            },
                            |cell| Paint {
                                fg: cell.fgcolor(),
                                bg: cell.bgcolor(),
                            },
                        )
                    })
                    .collect()
            })
            .collect();
        Screen {
            lines: screen.rows(0, cols).collect(),
            paint,
        }
    }

    pub fn contains(&self, text: &str) -> bool {
        self.lines.iter().any(|line| line.contains(text))
    }
}

impl fmt::Display for Screen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "┄┄┄┄┄ screen ({} rows) ┄┄┄┄┄", self.lines.len())?;
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        write!(f, "┄┄┄┄┄ end of screen ┄┄┄┄┄")
    }
}

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

/// The bytes a terminal sends for a key, named as tmux names them: `Enter`, `Escape`, `Tab`,
/// `BTab` (Shift-Tab), `Space`, `BSpace`, `Up`, `Down`, `Left`, `Right`, `C-c` (Ctrl and a
/// letter), or the one character the key types (`q`, `?`, `T`).
pub fn key_bytes(key: &str) -> Vec<u8> {
    let bytes: &[u8] = match key {
        "Enter" => b"\r",
        "Escape" => b"\x1b",
        "Tab" => b"\t",
        "BTab" => b"\x1b[Z",
        "Space" => b" ",
        "BSpace" => b"\x7f",
        "Up" => b"\x1b[A",
        "Down" => b"\x1b[B",
        "Right" => b"\x1b[C",
        "Left" => b"\x1b[D",
        "Home" => b"\x1b[H",
        "End" => b"\x1b[F",
        "PgUp" => b"\x1b[5~",
        "PgDn" => b"\x1b[6~",
        _ => {
            let mut chars = key.chars();
            return match (
                key.strip_prefix("C-").map(str::as_bytes),
                chars.next(),
                chars.next(),
            ) {
                (Some(&[c @ (b'a'..=b'z' | b'A'..=b'Z')]), _, _) => vec![c & 0x1f],
                (_, Some(_), None) => key.as_bytes().to_vec(),
                _ => panic!("no such key: {key:?}"),
            };
        }
    };
    bytes.to_vec()
}

// ---------------------------------------------------------------------------------------------
// The terminal
// ---------------------------------------------------------------------------------------------

/// What the reader thread shares with the test.
struct Output {
    parser: vt100::Parser,
    /// Every byte the program wrote, in order.
    raw: Vec<u8>,
    /// The pty gave end of file (or an error): the program and whatever it started have
    /// closed the terminal, and all they wrote is in `parser` and `raw`.
    closed: bool,
}

struct Shared {
    output: Mutex<Output>,
    /// Signalled after every read and at end of file.
    changed: Condvar,
}

impl Shared {
    /// The output, even if a panicking test poisoned the mutex (the data is still whole).
    fn lock(&self) -> MutexGuard<'_, Output> {
        self.output.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, Output>, timeout: Duration) -> MutexGuard<'a, Output> {
        self.changed
            .wait_timeout(guard, timeout)
            .unwrap_or_else(PoisonError::into_inner)
            .0
    }
}

/// A program running in a pseudo-terminal. Dropping it kills the program.
pub struct Terminal {
    shared: Arc<Shared>,
    master: Box<dyn MasterPty + Send>,
    /// Shared with the threads of `write_in_background`.
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Mutex<std::process::Child>,
}

fn non_zero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal is at least 1x1")
}

fn pty_size((width, height): (u16, u16)) -> PtySize {
    PtySize {
        rows: height,
        cols: width,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Terminal {
    /// Runs `command` in a `width` x `height` terminal.
    pub fn spawn(command: CommandBuilder, (width, height): (u16, u16)) -> Terminal {
        let pair = native_pty_system()
            .openpty(pty_size((width, height)))
            .expect("opening a pseudo-terminal");
        let child = pair
            .slave
            .spawn_command(command)
            .expect("starting the program in the pseudo-terminal");
        // Only the program holds the terminal's other end now, so the reader sees end of file
        // when it ends.
        drop(pair.slave);
        // portable-pty runs programs with std's Command on Unix; its own exit status keeps only
        // a signal's name, std's keeps the number.
        let child: Box<dyn portable_pty::Child> = child;
        let child = *child
            .downcast::<std::process::Child>()
            .unwrap_or_else(|_| panic!("portable-pty started a std::process::Child"));
        let mut reader = pair.master.try_clone_reader().expect("the pty's reader");
        let writer = pair.master.take_writer().expect("the pty's writer");

        let shared = Arc::new(Shared {
            output: Mutex::new(Output {
                parser: vt100::Parser::new(non_zero(height), non_zero(width), 0),
                raw: Vec::new(),
                closed: false,
            }),
            changed: Condvar::new(),
        });
        let feed = Arc::clone(&shared);
        thread::Builder::new()
            .name("pty reader".to_owned())
            .spawn(move || {
                let mut buffer = [0; 8192];
                loop {
                    match reader.read(&mut buffer) {
                        Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                        // Linux gives EIO rather than end of file once the other end is closed.
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            let mut output = feed.lock();
                            output.parser.process(&buffer[..n]);
                            output.raw.extend_from_slice(&buffer[..n]);
                            drop(output);
                            feed.changed.notify_all();
                        }
                    }
                }
                feed.lock().closed = true;
                feed.changed.notify_all();
            })
            .expect("starting the pty reader thread");

        Terminal {
            shared,
            master: pair.master,
            writer: Arc::new(Mutex::new(writer)),
            child: Mutex::new(child),
        }
    }

    /// The program's process id.
    pub fn pid(&self) -> u32 {
        self.child().id()
    }

    fn child(&self) -> MutexGuard<'_, std::process::Child> {
        self.child.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Types `bytes`.
    pub fn write(&self, bytes: &[u8]) {
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        writer
            .write_all(bytes)
            .and_then(|()| writer.flush())
            .expect("writing to the pty");
    }

    /// Types `bytes` from a thread of its own, as a paste does: the test goes on (to read the
    /// screen, or to fail on a timeout) even if the program stops reading its terminal and the
    /// write blocks. The thread ends when all is written.
    pub fn write_in_background(&self, bytes: Vec<u8>) -> thread::JoinHandle<()> {
        let writer = Arc::clone(&self.writer);
        thread::spawn(move || {
            let mut writer = writer.lock().unwrap_or_else(PoisonError::into_inner);
            // A program that ended closes the pty: the rest of the paste has nowhere to go.
            let _ = writer.write_all(&bytes).and_then(|()| writer.flush());
        })
    }

    /// Presses keys, one after the other, by name (see `key_bytes`).
    pub fn press(&self, keys: &[&str]) {
        for key in keys {
            self.write(&key_bytes(key));
        }
    }

    /// Resizes the terminal: the emulator's screen, then the pty, which tells the program
    /// (SIGWINCH).
    pub fn resize(&self, width: u16, height: u16) {
        self.shared
            .lock()
            .parser
            .screen_mut()
            .set_size(non_zero(height), non_zero(width));
        self.master
            .resize(pty_size((width, height)))
            .expect("resizing the pty");
    }

    /// What the terminal shows now.
    pub fn screen(&self) -> Screen {
        Screen::of(self.shared.lock().parser.screen())
    }

    /// Every byte the program has written so far.
    pub fn raw(&self) -> Vec<u8> {
        self.shared.lock().raw.clone()
    }

    /// The program's exit status, once it has ended: its exit code, or 128 + the signal that
    /// ended it, as a shell's `$?`.
    pub fn exit_status(&self) -> Option<i32> {
        let status = self.child().try_wait().expect("checking on the program")?;
        Some(
            status
                .code()
                .or_else(|| status.signal().map(|signal| 128 + signal))
                .expect("an exit code or a signal"),
        )
    }

    /// Waits until `ready` holds on the screen and returns that screen. With `settled`, only
    /// once the screen has stayed the same for a moment (so no frame is half drawn): for a
    /// still screen; without it, the first screen where `ready` holds, for while an animation
    /// runs and the screen never settles. Fails with the last screen on a timeout, or at once
    /// if the program ends first.
    pub fn wait_for(&self, what: &str, settled: bool, ready: impl Fn(&Screen) -> bool) -> Screen {
        self.wait_for_within(TIMEOUT, what, settled, ready)
    }

    /// As `wait_for`, with a guard of `timeout` instead of `TIMEOUT`: for a step that does
    /// seconds of real work in a debug build, which a busy machine can make many times longer.
    pub fn wait_for_within(
        &self,
        timeout: Duration,
        what: &str,
        settled: bool,
        ready: impl Fn(&Screen) -> bool,
    ) -> Screen {
        let deadline = Instant::now() + timeout;
        // A screen where `ready` holds, and since when it has not changed.
        let mut candidate: Option<(Screen, Instant)> = None;
        let mut output = self.shared.lock();
        loop {
            let screen = Screen::of(output.parser.screen());
            let now = Instant::now();
            let mut wake = deadline;
            if ready(&screen) {
                if !settled {
                    return screen;
                }
                match candidate {
                    Some((ref same, since)) if *same == screen => {
                        if now >= since + QUIET {
                            return screen;
                        }
                        wake = wake.min(since + QUIET);
                    }
                    _ => {
                        candidate = Some((screen.clone(), now));
                        wake = wake.min(now + QUIET);
                    }
                }
            } else {
                candidate = None;
                if output.closed {
                    drop(output);
                    let status = self.wait_for_status(deadline);
                    panic!("the program ended (exit status {status}) before {what}:\n{screen}");
                }
            }
            if now >= deadline {
                drop(output);
                panic!("no {what} after {timeout:?}; the last screen:\n{screen}");
            }
            // Output wakes this up, and so does the end of the quiet time.
            output = self.shared.wait(output, wake - now);
        }
    }

    /// Waits for the program to end and for all it wrote to be read, and returns its exit
    /// status (as `exit_status`). Fails with the last screen if that takes over `TIMEOUT`.
    pub fn wait_for_exit(&self) -> i32 {
        let deadline = Instant::now() + TIMEOUT;
        let mut output = self.shared.lock();
        while !output.closed {
            let now = Instant::now();
            if now >= deadline {
                let screen = Screen::of(output.parser.screen());
                drop(output);
                let state = match self.exit_status() {
                    Some(status) => format!("ended with {status} but its terminal is still open"),
                    None => "still runs".to_owned(),
                };
                panic!("the program {state} {TIMEOUT:?} later; the last screen:\n{screen}");
            }
            output = self.shared.wait(output, deadline - now);
        }
        drop(output);
        self.wait_for_status(deadline)
    }

    /// The exit status of a program that has closed its terminal, which it is about to have.
    fn wait_for_status(&self, deadline: Instant) -> i32 {
        loop {
            if let Some(status) = self.exit_status() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the program closed its terminal but still runs {TIMEOUT:?} later:\n{}",
                self.screen()
            );
            thread::sleep(POLL);
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        // Kill is a no-op for a program already reaped, and wait reaps it: no zombie, no stray
        // process, whether the test passed or panicked. The reader thread ends by itself at
        // the end of file that follows.
        let mut child = self.child();
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn key_names_are_the_bytes_a_terminal_sends() {
    for (key, bytes) in [
        ("Enter", &b"\r"[..]),
        ("Escape", b"\x1b"),
        ("Tab", b"\t"),
        ("BTab", b"\x1b[Z"),
        ("Up", b"\x1b[A"),
        ("Down", b"\x1b[B"),
        ("Right", b"\x1b[C"),
        ("Left", b"\x1b[D"),
        ("Home", b"\x1b[H"),
        ("End", b"\x1b[F"),
        ("PgUp", b"\x1b[5~"),
        ("PgDn", b"\x1b[6~"),
        ("C-c", b"\x03"),
        ("C-C", b"\x03"),
        ("q", b"q"),
        ("?", b"?"),
        ("T", b"T"),
        ("·", "·".as_bytes()),
    ] {
        assert_eq!(key_bytes(key), bytes, "{key}");
    }
    for bad in ["", "C-", "C-cc", "Homer"] {
        let result = std::panic::catch_unwind(|| key_bytes(bad));
        assert!(result.is_err(), "{bad:?} is not a key name");
    }
}
