//! What a run is judged on: the checks of a valid config (an end in time, no traceback, the
//! maze file and every rule of its format, the same bytes for the same SEED) and of a bad one
//! (a message, no traceback, no file, an end without waiting). The maze file's rules are the
//! library's validator's, as `--check` applies them: none is written again here.

use std::fs;
use std::io::BufReader;
use std::path::Path;

use mazegen::config::Config;
use mazegen::format::MazeFile;
use mazegen::validate::{Expected, Report};

use super::card::{Check, Outcome};
use super::cases::{Case, Kind};
use super::pty::Ended;
use super::runner::{Finish, Run};

/// The file a case's config is written to, in its folder.
pub const CONFIG: &str = "config.txt";
/// The program's output, kept beside it.
pub const TRANSCRIPT: &str = "transcript.txt";
/// The folder of the second run of a case with a SEED, inside the case's.
pub const AGAIN: &str = "again";

/// How many of a file's broken rules a failure lists.
const LISTED: usize = 3;

/// What the checks found: each check made, and the notes (not failures).
#[derive(Debug, Default)]
pub struct Verdict {
    pub outcomes: Vec<Outcome>,
    pub notes: Vec<String>,
}

/// Judges `run`, made in `dir`, of `case`; `again` is the second run of a valid case with a
/// SEED, in its own folder. `strict` requires the project's exact 42.
pub fn judge(
    case: &Case,
    dir: &Path,
    run: &Run,
    again: Option<(&Path, &Run)>,
    strict: bool,
) -> Verdict {
    let mut verdict = Verdict::default();
    match &case.kind {
        Kind::Valid { seeded, small } => {
            valid(case, dir, run, strict, &mut verdict);
            if *small {
                small_maze_message(run, &mut verdict);
            }
            if *seeded && let Some((again_dir, again_run)) = again {
                same_seed(case, dir, again_dir, again_run, &mut verdict);
            }
        }
        Kind::Invalid { names } => invalid(case, dir, run, names, &mut verdict),
        Kind::Either => match case.output_file().is_some_and(|f| dir.join(f).exists()) {
            true => {
                verdict.notes.push("accepted the config".to_owned());
                valid(case, dir, run, strict, &mut verdict);
            }
            false => {
                verdict.notes.push(
                    "refused the config: stricter than the subject, not a failure".to_owned(),
                );
                invalid(case, dir, run, &[], &mut verdict);
            }
        },
    }
    verdict
}

fn valid(case: &Case, dir: &Path, run: &Run, strict: bool, verdict: &mut Verdict) {
    ends_in_time(run, verdict);
    no_traceback(run, verdict);
    if let Finish::Terminated = run.finish {
        verdict.notes.push(
            "no quit key worked (4 Enter, Enter 4 Enter, Down Down Enter, Esc): ended by \
             SIGTERM; --grade-quit KEYS names the program's own"
                .to_owned(),
        );
    }
    let Some(name) = case.output_file() else {
        return;
    };
    let file = dir.join(name);
    if !file.exists() {
        let others = new_files(dir);
        if others.is_empty() {
            verdict.outcomes.push(Outcome::fail(
                Check::WritesOutputFile,
                format!("{name} written"),
                describe_end(run, "no file written"),
            ));
        } else {
            verdict
                .outcomes
                .push(Outcome::pass(Check::WritesOutputFile));
            verdict.outcomes.push(Outcome::fail(
                Check::OutputFileName,
                format!("the maze in {name}, as OUTPUT_FILE says"),
                format!("wrote {} instead (a fixed name?)", others.join(", ")),
            ));
        }
        return;
    }
    verdict
        .outcomes
        .push(Outcome::pass(Check::WritesOutputFile));
    verdict.outcomes.push(Outcome::pass(Check::OutputFileName));
    let config = case
        .reference
        .as_deref()
        .and_then(|text| Config::parse(text, CONFIG).ok());
    let mut expected = config
        .as_ref()
        .map(Expected::from_config)
        .unwrap_or_default();
    if strict {
        expected.exact_stamp = true;
    }
    let (problems, note) = file_problems(&file, config.as_ref(), &expected);
    verdict.notes.extend(note);
    verdict.outcomes.push(match problems.is_empty() {
        true => Outcome::pass(Check::FileRules),
        false => Outcome::fail(
            Check::FileRules,
            "every rule of the format, as --check",
            problems.join("; "),
        ),
    });
}

/// The rules `file` breaks, as `--check` says them (the first few, then a count), and the
/// note on a 42 of another shape.
fn file_problems(
    file: &Path,
    config: Option<&Config>,
    expected: &Expected,
) -> (Vec<String>, Option<String>) {
    let loaded = match config {
        Some(config) => MazeFile::load_sized(file, config.width, config.height),
        None => MazeFile::load(file),
    };
    let maze = match loaded {
        Ok(maze) => maze,
        Err(error) => return (vec![error.to_string()], None),
    };
    let mut problems: Vec<String> = fs::File::open(file)
        .and_then(|f| MazeFile::layout_problems(BufReader::new(f)))
        .map(|found| found.iter().map(ToString::to_string).collect())
        .unwrap_or_else(|e| vec![format!("cannot read it again: {e}")]);
    match Report::check_file(&maze, expected, LISTED) {
        Ok(report) => {
            for tally in report.rules() {
                problems.extend(tally.kept().iter().map(ToString::to_string));
                if tally.omitted() > 0 {
                    problems.push(format!("and {} more {}", tally.omitted(), tally.rule()));
                }
            }
        }
        Err(refused) => problems.push(refused.to_string()),
    }
    let total = problems.len();
    if total > 2 * LISTED {
        problems.truncate(2 * LISTED);
        problems.push(format!("... {} problems in all", total));
    }
    (problems, expected.stamp_note(&maze).map(|n| n.to_string()))
}

fn small_maze_message(run: &Run, verdict: &mut Verdict) {
    verdict.outcomes.push(match run.text().contains("42") {
        true => Outcome::pass(Check::SmallMazeMessage),
        false => Outcome::fail(
            Check::SmallMazeMessage,
            "a message that the maze is too small for the 42",
            "no message mentions the 42",
        ),
    });
}

fn same_seed(case: &Case, dir: &Path, again_dir: &Path, again: &Run, verdict: &mut Verdict) {
    let Some(name) = case.output_file() else {
        return;
    };
    let (Ok(first), second) = (fs::read(dir.join(name)), fs::read(again_dir.join(name))) else {
        // No first file: its own failure already.
        return;
    };
    verdict.outcomes.push(match second {
        Ok(second) if second == first => Outcome::pass(Check::SameSeed),
        Ok(second) => Outcome::fail(
            Check::SameSeed,
            "the same bytes from the same config and SEED",
            format!(
                "the second run's file differs{}",
                first_difference(&first, &second)
                    .map(|line| format!(" from line {line}"))
                    .unwrap_or_default()
            ),
        ),
        Err(_) => Outcome::fail(
            Check::SameSeed,
            "the same bytes from the same config and SEED",
            describe_end(again, "the second run wrote no file"),
        ),
    });
}

/// The 1-based line where two files first differ.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    (a != b).then(|| a[..at.min(a.len())].iter().filter(|&&c| c == b'\n').count() + 1)
}

fn invalid(case: &Case, dir: &Path, run: &Run, names: &[&str], verdict: &mut Verdict) {
    ends_in_time(run, verdict);
    no_traceback(run, verdict);
    let text = run.text();
    let message = text.trim();
    verdict.outcomes.push(match message.is_empty() {
        false => Outcome::pass(Check::ReportsError),
        true => Outcome::fail(
            Check::ReportsError,
            "a message on stdout or stderr",
            "printed nothing",
        ),
    });
    let lower = message.to_lowercase();
    if !message.is_empty()
        && !names.is_empty()
        && !names.iter().any(|n| lower.contains(&n.to_lowercase()))
    {
        verdict.notes.push(format!(
            "its message names none of {}: {:?}",
            names.join(", "),
            last_line(message)
        ));
    }
    let written = new_files(dir);
    verdict.outcomes.push(match written.is_empty() {
        true => Outcome::pass(Check::WritesNothing),
        false => Outcome::fail(
            Check::WritesNothing,
            "no file written on a bad config",
            format!("wrote {}", written.join(", ")),
        ),
    });
    verdict.outcomes.push(match (&run.finish, run.waited) {
        (Finish::Itself(_), false) => Outcome::pass(Check::EndsOnBadConfig),
        (Finish::TimedOut, false) => Outcome::fail(
            Check::EndsOnBadConfig,
            "an end after the message",
            "kept running until its time was up",
        ),
        _ => Outcome::fail(
            Check::EndsOnBadConfig,
            "an end after the message, without waiting for a key",
            describe_end(run, "waited for keys"),
        ),
    });
    if let Some(Ended::Code(0)) = run.ended() {
        verdict
            .notes
            .push("exits 0 on a bad config (the subject names no exit code)".to_owned());
    }
    let _ = case;
}

fn ends_in_time(run: &Run, verdict: &mut Verdict) {
    verdict.outcomes.push(match run.finish {
        Finish::TimedOut => Outcome::fail(
            Check::EndsInTime,
            "an end within the time limit (--grade-timeout)",
            format!(
                "still running after {:.1} s, waiting for no key: killed",
                run.seconds
            ),
        ),
        _ => Outcome::pass(Check::EndsInTime),
    });
}

fn no_traceback(run: &Run, verdict: &mut Verdict) {
    let text = run.text();
    let crash = ["Traceback (most recent call last)", "panicked at"]
        .iter()
        .find_map(|marker| text.find(marker).map(|at| last_line(&text[at..])));
    let signal = match run.ended() {
        Some(Ended::Signal(name)) => Some(name.clone()),
        _ => None,
    };
    verdict.outcomes.push(match (crash, signal) {
        (Some(last), _) => Outcome::fail(
            Check::NoTraceback,
            "no traceback or panic",
            format!("crashed: {last}"),
        ),
        (None, Some(signal)) if !run.display && is_crash(&signal) => {
            verdict.notes.push(format!(
                "ended by {signal} with no display: a window program? Graded on its file only \
                 (install Xvfb to grade its window)"
            ));
            Outcome::pass(Check::NoTraceback)
        }
        (None, Some(signal)) if is_crash(&signal) => Outcome::fail(
            Check::NoTraceback,
            "no crash",
            format!("ended by the signal {signal}"),
        ),
        _ => Outcome::pass(Check::NoTraceback),
    });
}

/// Whether a signal's name is a crash's (not the grader's SIGTERM or SIGKILL).
fn is_crash(signal: &str) -> bool {
    ["Abort", "Segmentation", "Bus error", "Floating", "Illegal"]
        .iter()
        .any(|s| signal.contains(s))
}

/// The last non-blank line of `text`, trimmed.
fn last_line(text: &str) -> String {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .chars()
        .take(200)
        .collect()
}

/// How a run ended, after `what` happened.
fn describe_end(run: &Run, what: &str) -> String {
    let end = match &run.finish {
        Finish::Itself(Ended::Code(code)) => format!("exited with code {code}"),
        Finish::Itself(Ended::Signal(name)) => format!("ended by {name}"),
        Finish::Quit(keys, _) => format!("quit on {keys}"),
        Finish::Terminated => "ended by SIGTERM, no key quit it".to_owned(),
        Finish::TimedOut => "killed when its time was up".to_owned(),
    };
    let nudged = match run.nudges.is_empty() {
        true => String::new(),
        false => format!(" (after {})", run.nudges.join(", then ")),
    };
    let said = last_line(&run.text());
    let said = match said.is_empty() {
        true => String::new(),
        false => format!("; its last line: {said:?}"),
    };
    format!("{what}, {end}{nudged}{said}")
}

/// The files the program made in `dir`: all but the config, the transcript and the second
/// run's folder.
pub fn new_files(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| ![CONFIG, TRANSCRIPT, AGAIN].contains(&n.as_str()))
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_of_the_first_difference() {
        assert_eq!(first_difference(b"ab\ncd\n", b"ab\ncd\n"), None);
        assert_eq!(first_difference(b"ab\ncd\n", b"ab\ncx\n"), Some(2));
        assert_eq!(first_difference(b"ab\n", b"ab\ncd\n"), Some(2));
    }

    #[test]
    fn a_crash_is_named_by_its_signal_not_the_grader_s_own() {
        assert!(is_crash("Aborted"));
        assert!(is_crash("Segmentation fault"));
        assert!(!is_crash("Terminated"));
        assert!(!is_crash("Killed"));
    }

    #[test]
    fn the_last_line_is_the_traceback_s_error() {
        let text = "Traceback (most recent call last):\n  File \"x.py\"\nValueError: bad\n\n";
        assert_eq!(last_line(text), "ValueError: bad");
    }
}
