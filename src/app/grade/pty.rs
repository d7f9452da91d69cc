//! A graded program in a pseudo-terminal of its own: it is interactive (it draws the maze and
//! waits for keys), and without a terminal on stdin it would end in `EOFError` or
//! `termios.error` tracebacks that are not its fault.
//!
//! [`portable_pty`] starts it as a session leader (`setsid`) with the terminal as its
//! controlling one, so its pid is its process group's: signals go to the whole group, and
//! [`Program::finish`] kills the group and reaps the leader, leaving nothing behind.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use rustix::process::{Pid, Signal, kill_process_group};

/// The most of a program's output kept: its first part, where tracebacks and messages of a
/// bad config are, and a maze drawing or two of a large maze.
const KEPT_OUTPUT: usize = 4 << 20;

/// The terminal's size: wide enough for the messages, as a usual window.
const SIZE: PtySize = PtySize {
    rows: 50,
    cols: 160,
    pixel_width: 0,
    pixel_height: 0,
};

/// The processes the grader started and has not reaped, to end them if a signal ends the
/// grader: process groups (the programs) by their leader, and single processes (X servers).
static RUNNING: Mutex<Vec<(u32, bool)>> = Mutex::new(Vec::new());

/// Notes `pid` (a process group's leader if `group`) as running.
pub fn register(pid: u32, group: bool) {
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((pid, group));
}

/// Notes `pid` as ended and reaped.
pub fn unregister(pid: u32) {
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&(p, _)| p != pid);
}

/// Kills every process noted as running: for the grader's own exit on a signal.
pub fn kill_all() {
    let running = std::mem::take(&mut *RUNNING.lock().unwrap_or_else(|e| e.into_inner()));
    for (pid, group) in running {
        let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
            continue;
        };
        let _ = match group {
            true => kill_process_group(pid, Signal::KILL),
            false => rustix::process::kill_process(pid, Signal::KILL),
        };
    }
}

/// How long the last of a program's output may take to be read once it has ended.
const LAST_WORDS: Duration = Duration::from_millis(500);

/// A pseudo-terminal's error, as an I/O one.
fn failed(error: impl std::fmt::Display) -> io::Error {
    io::Error::other(error.to_string())
}

/// How a program ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited with this code.
    Code(u32),
    /// A signal ended it (its name, as the system spells it: "Aborted").
    Signal(String),
}

/// A running program, its terminal, and what it printed so far.
pub struct Program {
    child: Box<dyn Child + Send + Sync>,
    // Kept open for the program's life: dropping it hangs the terminal up.
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
    /// Set when the terminal is closed on the program's side: all its output is in.
    drained: Arc<AtomicBool>,
    pid: u32,
    ended: Option<Ended>,
}

impl Program {
    /// Starts `sh -c LINE` in `dir` with `env` set (and the `unset` variables removed).
    pub fn start(
        line: &str,
        dir: &Path,
        env: &[(&str, String)],
        unset: &[&str],
    ) -> io::Result<Program> {
        let pair = native_pty_system().openpty(SIZE).map_err(failed)?;
        let mut command = CommandBuilder::new("/bin/sh");
        command.args(["-c", line]);
        command.cwd(dir);
        for name in unset {
            command.env_remove(name);
        }
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair.slave.spawn_command(command).map_err(failed)?;
        // The program has its own copy of the terminal; ours would keep the output open after
        // it ends.
        drop(pair.slave);
        let pid = child
            .process_id()
            .ok_or_else(|| io::Error::other("the program has no process id"))?;
        register(pid, true);
        let mut reader = pair.master.try_clone_reader().map_err(failed)?;
        let writer = pair.master.take_writer().map_err(failed)?;
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&output);
        let drained = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&drained);
        // Drained as it comes, so that a program drawing a large maze never blocks on a full
        // terminal. The thread ends when every copy of the terminal is closed; it is not
        // joined, so a process that escaped the group cannot hold the grader.
        thread::spawn(move || {
            let mut buffer = [0u8; 16 << 10];
            while let Ok(n @ 1..) = reader.read(&mut buffer) {
                let mut kept = sink.lock().unwrap_or_else(|e| e.into_inner());
                let room = KEPT_OUTPUT.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..n.min(room)]);
            }
            done.store(true, Ordering::Release);
        });
        Ok(Program {
            child,
            master: pair.master,
            writer,
            output,
            drained,
            pid,
            ended: None,
        })
    }

    /// The program's process id, its process group's too.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// The terminal's device (`/dev/pts/N`), to tell its reads from others.
    pub fn terminal(&self) -> Option<PathBuf> {
        self.master.tty_name()
    }

    /// Types `keys` on the program's terminal.
    pub fn send(&mut self, keys: &[u8]) {
        // A program gone meanwhile: the next look sees it ended.
        let _ = self
            .writer
            .write_all(keys)
            .and_then(|()| self.writer.flush());
    }

    /// How the program ended, once it has (the leader of its group).
    pub fn ended(&mut self) -> Option<Ended> {
        if self.ended.is_none()
            && let Ok(Some(status)) = self.child.try_wait()
        {
            self.ended = Some(match status.signal() {
                Some(name) => Ended::Signal(name.to_owned()),
                None => Ended::Code(status.exit_code()),
            });
            // What it left running in its group goes with it.
            self.signal(Signal::KILL);
            unregister(self.pid);
        }
        self.ended.clone()
    }

    /// Sends `signal` to the program's whole process group.
    pub fn signal(&self, signal: Signal) {
        if let Some(group) = i32::try_from(self.pid).ok().and_then(Pid::from_raw) {
            // The group may be gone already.
            let _ = kill_process_group(group, signal);
        }
    }

    /// What the program printed so far, stdout and stderr together as a terminal shows them.
    pub fn output(&self) -> Vec<u8> {
        self.output
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Kills the whole group, reaps the leader and returns how it ended (killed, if it had not
    /// ended before).
    pub fn finish(&mut self) -> Ended {
        if let Some(ended) = self.ended() {
            return ended;
        }
        self.signal(Signal::KILL);
        let ended = match self.child.wait() {
            Ok(status) => match status.signal() {
                Some(name) => Ended::Signal(name.to_owned()),
                None => Ended::Code(status.exit_code()),
            },
            Err(_) => Ended::Signal("Killed".to_owned()),
        };
        unregister(self.pid);
        self.ended = Some(ended.clone());
        ended
    }

    /// Waits a moment for the last of the output once the program has ended: the terminal
    /// closes on its side when its last process is gone.
    pub fn drain(&self) {
        let until = Instant::now() + LAST_WORDS;
        while !self.drained.load(Ordering::Acquire) && Instant::now() < until {
            thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if self.ended.is_none() {
            self.signal(Signal::KILL);
            let _ = self.child.wait();
            unregister(self.pid);
        }
    }
}
