//! One run of a graded program: started in its case's folder inside a pseudo-terminal, watched
//! until it ends, nudged when it waits before writing its maze, asked to quit when it waits
//! after, and ended by SIGTERM then SIGKILL when nothing else works or its time is up.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::Signal;

use super::pty::{Ended, Program};
use super::quit::{self, Step};
use super::waiting::{self, Activity};
use super::xvfb::{self, Display};

/// How often the program is looked at.
const LOOK: Duration = Duration::from_millis(5);

/// How many looks in a row must find it waiting before keys are typed: it has settled (drawn
/// its screen, or is between two reads of one line).
const SETTLED: u32 = 4;

/// A window program's idle spells last longer before keys are sent to its window.
const WINDOW_SETTLED: u32 = 40;

/// How many times keys are tried on a program's windows when it shows none.
const WINDOW_TRIES: u32 = 8;

/// How long SIGTERM has before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(500);

/// How a run is made.
#[derive(Clone, Debug)]
pub struct Settings {
    pub timeout: Duration,
    /// The user's own quit keys (`--grade-quit`), tried first.
    pub own_quit: Vec<Step>,
    /// xdotool, to type keys into a window.
    pub xdotool: Option<PathBuf>,
}

/// How the run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// It ended by itself, without a key typed after OUTPUT_FILE was written.
    Itself(Ended),
    /// It ended after these keys.
    Quit(String, Ended),
    /// No key quit it: SIGTERM (or SIGKILL) did.
    Terminated,
    /// Its time ran out.
    TimedOut,
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Run {
    pub finish: Finish,
    /// It waited for keys (read its terminal, or polled) at some point.
    pub waited: bool,
    /// The keys typed before the maze was written ("Enter").
    pub nudges: Vec<String>,
    /// Everything it printed, stdout and stderr as the terminal got them.
    pub output: Vec<u8>,
    pub seconds: f64,
    /// It ran with a display (Xvfb).
    pub display: bool,
}

impl Run {
    /// How it ended, if it did by itself or by a key.
    pub fn ended(&self) -> Option<&Ended> {
        match &self.finish {
            Finish::Itself(ended) | Finish::Quit(_, ended) => Some(ended),
            _ => None,
        }
    }

    /// What it printed, without the terminal's escape sequences.
    pub fn text(&self) -> String {
        strip_escapes(&String::from_utf8_lossy(&self.output))
    }
}

/// Runs `line` in `dir`, on `display` if given (stopped after). `nudge_until` is the file
/// (OUTPUT_FILE, relative to `dir`) that keys are typed to reach while it does not exist;
/// `None` types none (a bad config must not wait).
pub fn run(
    line: &str,
    dir: &Path,
    nudge_until: Option<&Path>,
    display: Option<Display>,
    settings: &Settings,
) -> Run {
    let started = Instant::now();
    let mut env = vec![
        ("TERM", "xterm-256color".to_owned()),
        ("COLUMNS", "160".to_owned()),
        ("LINES", "50".to_owned()),
        // Nothing written beside the user's program.
        ("PYTHONDONTWRITEBYTECODE", "1".to_owned()),
    ];
    let mut unset = vec!["WAYLAND_DISPLAY"];
    match &display {
        Some(display) => env.push(("DISPLAY", display.name.clone())),
        // Never the user's screen.
        None => unset.push("DISPLAY"),
    }
    let program = match Program::start(line, dir, &env, &unset) {
        Ok(program) => program,
        Err(error) => {
            return Run {
                finish: Finish::Itself(Ended::Code(127)),
                waited: false,
                nudges: Vec::new(),
                output: format!("the grader could not start the program: {error}\n").into_bytes(),
                seconds: started.elapsed().as_secs_f64(),
                display: display.is_some(),
            };
        }
    };
    let target = nudge_until.map(|file| dir.join(file));
    let mut watch = Watch {
        program,
        terminal: None,
        display,
        xdotool: settings.xdotool.clone(),
        deadline: started + settings.timeout,
        nudges: if target.is_some() {
            quit::nudges()
        } else {
            Vec::new()
        },
        steps: quit::steps(&settings.own_quit),
        target,
        typed: Vec::new(),
        window_keys: quit::WINDOW_KEYS.to_vec(),
        window_tries: 0,
        waited: false,
        sent: Vec::new(),
    };
    watch.terminal = watch.program.terminal();
    let finish = watch.run();
    watch.program.drain();
    Run {
        finish,
        waited: watch.waited,
        nudges: watch.sent,
        output: watch.program.output(),
        seconds: started.elapsed().as_secs_f64(),
        display: watch.display.is_some(),
    }
}

/// The state of a run being watched.
struct Watch {
    program: Program,
    terminal: Option<PathBuf>,
    display: Option<Display>,
    xdotool: Option<PathBuf>,
    deadline: Instant,
    /// File whose absence calls for a nudge.
    target: Option<PathBuf>,
    nudges: Vec<Step>,
    steps: Vec<Step>,
    /// The parts of a key sequence still to type, and its label.
    typed: Vec<Vec<u8>>,
    window_keys: Vec<&'static str>,
    /// Tries that found no window.
    window_tries: u32,
    waited: bool,
    /// Labels of the nudges typed.
    sent: Vec<String>,
}

impl Watch {
    fn run(&mut self) -> Finish {
        let mut last = Activity::Busy;
        let mut looks = 0;
        let mut quitting: Option<String> = None;
        loop {
            if let Some(ended) = self.program.ended() {
                return match quitting {
                    Some(label) => Finish::Quit(label, ended),
                    None => Finish::Itself(ended),
                };
            }
            if Instant::now() >= self.deadline {
                self.stop();
                return Finish::TimedOut;
            }
            thread::sleep(LOOK);
            let now = waiting::activity(self.program.pid(), self.terminal.as_deref());
            looks = if now == last { looks + 1 } else { 0 };
            last = now;
            let for_keys = matches!(now, Activity::ReadsTerminal | Activity::Polls);
            let ready_terminal = for_keys && looks >= SETTLED;
            // A window program sits in `poll` or `futex`: keys go to its terminal too (they
            // wait there, harmless), then to its window. One in `sleep` waits for no one.
            let ready_window = self.display.is_some()
                && matches!(now, Activity::Polls | Activity::Futex)
                && looks >= WINDOW_SETTLED;
            if !(ready_terminal || ready_window) {
                continue;
            }
            self.waited |= for_keys;
            let missing = self.target.as_ref().is_some_and(|t| !t.exists());
            if !self.typed.is_empty() {
                looks = 0;
                let part = self.typed.remove(0);
                self.program.send(&part);
                continue;
            }
            if missing && !self.nudges.is_empty() {
                looks = 0;
                let nudge = self.nudges.remove(0);
                self.sent.push(nudge.label.clone());
                self.type_step(nudge);
                continue;
            }
            if !self.steps.is_empty() {
                looks = 0;
                let step = self.steps.remove(0);
                quitting = Some(step.label.clone());
                self.type_step(step);
                continue;
            }
            if let (Some(display), Some(xdotool)) = (&self.display, &self.xdotool)
                && !self.window_keys.is_empty()
            {
                if !ready_window {
                    continue;
                }
                looks = 0;
                let key = self.window_keys[0];
                if xvfb::send_key(xdotool, display, key) {
                    self.window_keys.remove(0);
                    quitting = Some(format!("{key} in its window"));
                } else {
                    // No window shown yet (it may be on its way), or none at all.
                    self.window_tries += 1;
                    if self.window_tries >= WINDOW_TRIES {
                        self.window_keys.clear();
                    }
                }
                continue;
            }
            self.stop();
            return match self.program.ended() {
                // It ended on the last key after all, just as it was looked at.
                Some(ended) if quitting.is_none() => Finish::Itself(ended),
                _ => Finish::Terminated,
            };
        }
    }

    fn type_step(&mut self, step: Step) {
        let mut parts = step.parts.into_iter();
        if let Some(first) = parts.next() {
            self.program.send(&first);
        }
        self.typed = parts.collect();
    }

    /// SIGTERM to the group, a moment to end, then SIGKILL.
    fn stop(&mut self) {
        self.program.signal(Signal::TERM);
        let until = Instant::now() + TERM_GRACE;
        while self.program.ended().is_none() && Instant::now() < until {
            thread::sleep(LOOK);
        }
        self.program.finish();
    }
}

/// `text` without the terminal's escape sequences (CSI `ESC [ ... letter`, OSC `ESC ] ...
/// BEL`, character sets `ESC ( B`, and two-byte ones) nor carriage returns.
pub fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                // A character set's designation: one more character.
                Some('(' | ')') => {
                    chars.next();
                }
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\x07' || c == '\x1b' && chars.next_if_eq(&'\\').is_some() {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_carriage_returns_are_left_out() {
        assert_eq!(strip_escapes("\x1b[31merror\x1b[0m: x\r\n"), "error: x\n");
        assert_eq!(strip_escapes("\x1b]0;title\x07a\x1b]2;t\x1b\\b"), "ab");
        assert_eq!(strip_escapes("\x1b(Bok\x1b[?25h"), "ok");
        assert_eq!(strip_escapes("plain"), "plain");
    }
}
