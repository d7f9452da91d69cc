//! Window programs (MiniLibX, X11) crash without a display (SIGABRT, SIGSEGV): each case runs
//! under an Xvfb server of its own when Xvfb is installed, started before the program and
//! waited for until it answers, and stopped after it; keys reach the window through xdotool
//! where it is installed. Without Xvfb the programs see no display at all (never the user's),
//! and window programs are graded on their file only.

use std::env;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long an Xvfb server may take to answer.
const START_TIME: Duration = Duration::from_secs(10);

/// How long one xdotool command may take.
const XDOTOOL_TIME: Duration = Duration::from_secs(2);

/// Where `name` is on the `PATH`, as `which` finds it.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = env::var_os("PATH")?;
    env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// The tools found: Xvfb for a display, xdotool for keys to a window.
#[derive(Clone, Debug, Default)]
pub struct Tools {
    pub xvfb: Option<PathBuf>,
    pub xdotool: Option<PathBuf>,
}

impl Tools {
    pub fn find() -> Tools {
        Tools {
            xvfb: which("Xvfb"),
            xdotool: which("xdotool"),
        }
    }
}

/// A running Xvfb server, stopped when dropped.
pub struct Display {
    server: Child,
    /// `:N`.
    pub name: String,
}

impl Display {
    /// Starts `xvfb` on a free display and waits until it answers: with `-displayfd`, the
    /// server writes its display number once it is ready for clients.
    pub fn start(xvfb: &Path) -> io::Result<Display> {
        let mut server = Command::new(xvfb)
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        super::pty::register(server.id(), false);
        let stdout = server.stdout.take().expect("piped");
        let (tell, told) = mpsc::channel();
        thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tell.send(line);
        });
        match told.recv_timeout(START_TIME) {
            Ok(line) if line.trim().parse::<u32>().is_ok() => Ok(Display {
                server,
                name: format!(":{}", line.trim()),
            }),
            _ => {
                let _ = server.kill();
                let _ = server.wait();
                super::pty::unregister(server.id());
                Err(io::Error::other("Xvfb did not start"))
            }
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
        super::pty::unregister(self.server.id());
    }
}

/// The X servers of the cases, one per case, each started while the case before it runs so
/// that a case does not wait for its server to come up.
pub struct Displays {
    xvfb: Option<PathBuf>,
    next: Option<thread::JoinHandle<Option<Display>>>,
}

impl Displays {
    /// Servers from `xvfb`, or none at all when it is not installed.
    pub fn new(xvfb: Option<PathBuf>) -> Displays {
        Displays { xvfb, next: None }
    }

    /// A fresh server for the next case (`None` without Xvfb, or when it failed to start);
    /// the one after it starts meanwhile.
    pub fn take(&mut self) -> Option<Display> {
        let xvfb = self.xvfb.clone()?;
        let ready = match self.next.take() {
            Some(starting) => starting.join().ok().flatten(),
            None => Display::start(&xvfb).ok(),
        };
        self.next = Some(thread::spawn(move || Display::start(&xvfb).ok()));
        ready
    }
}

impl Drop for Displays {
    fn drop(&mut self) {
        // The server started for a case that will not come is stopped with it.
        if let Some(starting) = self.next.take() {
            drop(starting.join());
        }
    }
}

/// Types `key` (an X key name) into each visible window on `display`, which are all the
/// graded program's (the server is the case's own), focusing each in turn: a server without a
/// window manager focuses none, programs such as MiniLibX's and Tk's do not name their process
/// on their windows, and Tk ignores keys sent to a window without the focus. Whether a window
/// was found.
pub fn send_key(xdotool: &Path, display: &Display, key: &str) -> bool {
    let Some(listed) = xdotool_output(xdotool, display, &["search", "--onlyvisible", "--name", ""])
    else {
        return false;
    };
    let windows: Vec<&str> = listed.split_whitespace().collect();
    for window in &windows {
        xdotool_output(xdotool, display, &["windowfocus", window, "key", key]);
    }
    !windows.is_empty()
}

/// What `xdotool ARGS` prints on `display` when it succeeds within [`XDOTOOL_TIME`].
fn xdotool_output(xdotool: &Path, display: &Display, args: &[&str]) -> Option<String> {
    let mut child = Command::new(xdotool)
        .args(args)
        .env("DISPLAY", &display.name)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdout = child.stdout.take()?;
    let reader = thread::spawn(move || {
        let mut text = String::new();
        let _ = io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let started = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < XDOTOOL_TIME => thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let text = reader.join().unwrap_or_default();
    status.filter(|s| s.success()).map(|_| text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_finds_sh_and_not_a_made_up_name() {
        assert!(which("sh").is_some());
        assert_eq!(which("no-such-program-a-maze-ing"), None);
    }
}
