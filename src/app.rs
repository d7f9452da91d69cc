//! The binary: parses the command line, runs the chosen job and turns its outcome into an exit
//! code.
//!
//! Errors travel as [`eyre::Report`]s, and [`color_eyre`] is the reporter. A user's mistake
//! (a bad config, a file that cannot be written, no terminal for the dashboard) is an
//! [`AppError`]: it ends as one `error:` line on stderr, exit code 2 for a bad config and 1
//! otherwise, never a report or a backtrace. Anything else (the terminal failing under the
//! dashboard, a background job's panic) is unexpected: color-eyre's full report, exit code 1.
//! Memory refused is an [`AppError`] whose report captures no backtrace (see [`report`]).
//! A panic gets color-eyre's panic report, after the dashboard's own hook has given the
//! terminal back (`dashboard::run` chains it in front).

mod check;
mod cli;
mod color_depth;
mod dashboard;
mod events;
mod first_run;
mod grade;
mod headless;
mod memory;
mod race;
mod report;
mod say;
mod scores;
mod signals;
mod terminal;
mod worker;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;
use color_eyre::eyre;

use cli::Cli;

/// A mistake the user can fix, reported as one line.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A bad config (`mazegen::Error::Config`): exit code 2, like bad usage.
    #[error(transparent)]
    Config(mazegen::Error),
    /// A command line that cannot be run (a flag that clashes with the config): exit code 2.
    #[error("{0}")]
    Usage(String),
    /// A maze file that cannot be read.
    #[error(transparent)]
    Load(mazegen::Error),
    /// Options no maze can be made from.
    #[error(transparent)]
    Generate(mazegen::Error),
    /// A maze the dashboard cannot start on (its options, or an exit outside it).
    #[error(transparent)]
    Session(mazegen::Error),
    /// A maze estimated to need more memory than the machine has (or `--max-memory` allows).
    #[error("{0}")]
    TooLarge(String),
    /// A random walk estimated to take over a minute on a maze this thin or this large.
    #[error("{0}")]
    TooSlow(String),
    /// A file that cannot be written.
    #[error(transparent)]
    Write(mazegen::Error),
    #[error("the dashboard needs a terminal, and standard output is not one; use --headless")]
    NotATerminal,
    /// The dashboard was left without OUTPUT_FILE ever written: why the last write failed.
    #[error("{0}")]
    NotSaved(String),
}

impl From<mazegen::Error> for AppError {
    /// A bad config is [`AppError::Config`]; any other error of the library, options no maze
    /// can be made from.
    fn from(error: mazegen::Error) -> AppError {
        match error {
            mazegen::Error::Config { .. } => AppError::Config(error),
            mazegen::Error::Write { .. } => AppError::Write(error),
            _ => AppError::Generate(error),
        }
    }
}

impl AppError {
    fn exit_code(&self) -> ExitCode {
        match self {
            AppError::Config(_) | AppError::Usage(_) => ExitCode::from(2),
            _ => ExitCode::from(1),
        }
    }
}

pub fn main() -> ExitCode {
    // First of all: a signal at any moment from now on ends the run cleanly.
    if let Err(e) = signals::install() {
        say::err(format_args!("warning: could not handle signals: {e}"));
    }
    // Then, so that even a bug ends in a readable report, not a raw panic dump.
    if let Err(e) = report::install() {
        say::err(format_args!(
            "warning: could not install the error reporter: {e}"
        ));
    }
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return usage_failure(&error, &args),
    };
    let code = match run(&cli) {
        Ok(code) => code,
        Err(report) => {
            let (text, code) = failure(&report);
            say::err(text);
            code
        }
    };
    say::finish(code)
}

/// What a failed run prints on stderr, and its exit code: one line for a user's mistake, the
/// full report for anything else.
fn failure(report: &eyre::Report) -> (String, ExitCode) {
    match report.downcast_ref::<AppError>() {
        // Escaped once more as a whole: whatever a message quotes from the user, it stays on
        // one line and cannot drive the terminal.
        Some(mistake) => (
            format!("error: {}", mazegen::escaped(&mistake.to_string())),
            mistake.exit_code(),
        ),
        None => (format!("Error: {report:?}"), ExitCode::from(1)),
    }
}

/// A command line clap refused: `--help` and `--version` are printed whole, as asked; a
/// mistake is one line, clap's error, with the usage left to `--help`.
fn usage_failure(error: &clap::Error, args: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        // clap prints them itself (coloured on a terminal); a full device is an error, as
        // for any output, and a closed pipe none.
        say::wrote(|_| error.print());
        return say::finish(ExitCode::SUCCESS);
    }
    say::err(quoting_what_was_typed(error, args));
    ExitCode::from(2)
}

/// [`usage_line`] for clap's error on `args`, but quoting each argument as it was typed: clap strips control
/// characters and escape sequences from the values it quotes (`x\x1b[31my` shows as `xy`, a
/// value never typed). A value our own parser refused is said from the error's parts, the
/// value escaped and the parser's message as it is (it escapes what it quotes). Another
/// mistake is parsed again with every argument escaped ([`quote::escaped`] leaves printable
/// text alone, so the mistake is the same), and its message quotes them escaped.
fn quoting_what_was_typed(error: &clap::Error, args: &[OsString]) -> String {
    // Only control characters are stripped; anything else is escaped in the message itself.
    if !args
        .iter()
        .any(|a| a.to_string_lossy().contains(char::is_control))
    {
        return usage_line(error);
    }
    if let Some(line) = refused_value_line(error) {
        return line;
    }
    let escaped = args
        .iter()
        .map(|arg| OsString::from(mazegen::escaped(&arg.to_string_lossy()).to_string()));
    match Cli::try_parse_from(escaped) {
        Err(again) if again.kind() == error.kind() => usage_line(&again),
        _ => usage_line(error),
    }
}

/// For a value a value parser of ours refused: `invalid value 'VALUE' for 'ARG': WHY`, as
/// clap says it, VALUE escaped once. Parsed again escaped, WHY would quote the escaped value
/// and escape it twice (`"\\u{1b}"`).
fn refused_value_line(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let why = std::error::Error::source(error)?;
    let (Some(ContextValue::String(value)), Some(ContextValue::String(arg))) = (
        error.get(ContextKind::InvalidValue),
        error.get(ContextKind::InvalidArg),
    ) else {
        return None;
    };
    let message = format!("invalid value '{value}' for '{arg}': {why}");
    Some(format!(
        "error: {} (see --help)",
        mazegen::escaped(&message)
    ))
}

/// clap's message for `error` without its tips and usage, escaped, with a pointer to `--help`.
fn usage_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    // clap puts its tips and the usage after a blank line; the message itself may hold a
    // newline the user typed, escaped below.
    let first = rendered.split("\n\n").next().unwrap_or("").trim_end();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    format!("error: {} (see --help)", mazegen::escaped(message))
}

fn run(cli: &Cli) -> eyre::Result<ExitCode> {
    if let Some(text) = cli.docs() {
        // As for `--help`: a full device is an error (see `say::finish`), a closed pipe none.
        say::out_bytes(&text);
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(command) = &cli.grade {
        return grade::run(cli, command);
    }
    // `--open` is the dashboard's, on a file.
    match &cli.check {
        Some(maze_file) => check::run(maze_file, cli.config_path(), cli.strict),
        None => match (&cli.race, cli.headless) {
            (Some(race), true) => race::run(cli, &race.0),
            (_, true) => headless::run(cli),
            (_, false) => dashboard::run(cli),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_mistake_is_one_line_with_its_exit_code_and_a_bug_is_a_full_report() {
        let config = mazegen::config::Config::parse("WIDTH=x\n", "c.txt").unwrap_err();
        let (text, code) = failure(&AppError::from(config).into());
        assert!(text.starts_with("error: c.txt:1: WIDTH"), "{text}");
        assert_eq!(text.lines().count(), 1);
        assert_eq!(code, ExitCode::from(2));

        let write = mazegen::write_atomically(Path::new("/no/such/dir/m.txt"), |_| Ok(()));
        let report: eyre::Report = AppError::from(write.unwrap_err()).into();
        let (text, code) = failure(&report.wrap_err("while saving"));
        assert!(
            text.starts_with("error: cannot write /no/such/dir/m.txt"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1);
        assert_eq!(code, ExitCode::from(1));

        let (text, code) = failure(&eyre::eyre!("the terminal went away"));
        assert!(text.starts_with("Error: "), "{text}");
        assert!(text.contains("the terminal went away"), "{text}");
        assert!(text.lines().count() > 1, "a report: {text}");
        assert_eq!(code, ExitCode::from(1));
    }

    #[test]
    fn a_command_line_mistake_is_one_escaped_line_pointing_to_help() {
        let error = Cli::try_parse_from(["a-maze-ing", "c.txt", "x\ny\u{7}"]).unwrap_err();
        let line = usage_line(&error);
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(line.starts_with("error: unexpected argument"), "{line}");
        assert!(line.contains(r"'x\ny"), "{line}");
        assert!(line.ends_with("(see --help)"), "{line}");
        assert!(!line.contains("Usage"), "{line}");
    }

    #[test]
    fn a_command_line_mistake_quotes_the_value_as_typed_escaped_not_stripped() {
        let os_args = |args: &[&str]| args.iter().map(OsString::from).collect::<Vec<_>>();
        let args = os_args(&["a-maze-ing", "c.txt", "x\x1b[31my\u{7}z"]);
        let error = Cli::try_parse_from(&args).unwrap_err();
        let line = quoting_what_was_typed(&error, &args);
        assert!(line.contains(r"'x\u{1b}[31my\u{7}z'"), "{line}");
        let args = os_args(&["a-maze-ing", "--seed", "1\x1b[2J"]);
        let error = Cli::try_parse_from(&args).unwrap_err();
        let line = quoting_what_was_typed(&error, &args);
        assert!(line.contains(r"'1\u{1b}[2J'"), "{line}");
    }

    #[test]
    fn a_mistake_quoting_control_characters_stays_on_one_line() {
        let config = mazegen::config::Config::parse("ALGORITHM=b\x1b[31m\n", "c\n.txt");
        let (text, _) = failure(&AppError::from(config.unwrap_err()).into());
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(!text.contains('\x1b'), "{text}");
        assert!(text.starts_with("error: c\\n.txt:"), "{text}");
    }
}
