//! The binary: parses the command line, runs the chosen job and turns its outcome into an exit
//! code. User mistakes end as one `error:` line on stderr, never a panic or a backtrace.

mod check;
mod cli;
mod dashboard;
mod headless;
mod memory;
mod signals;

use std::process::ExitCode;

use clap::Parser;

use cli::Cli;

/// A failure, with the exit code it maps to.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A bad config or bad usage: exit code 2.
    #[error(transparent)]
    Config(#[from] mazegen::config::ConfigError),
    /// A command line that cannot be run (a flag that clashes with the config): exit code 2.
    #[error("{0}")]
    Usage(String),
    /// Something went wrong while doing the job: exit code 1.
    #[error("{0}")]
    Runtime(String),
}

impl AppError {
    fn exit_code(&self) -> ExitCode {
        match self {
            AppError::Config(_) | AppError::Usage(_) => ExitCode::from(2),
            AppError::Runtime(_) => ExitCode::from(1),
        }
    }
}

pub fn main() -> ExitCode {
    // Installed first so that even a bug ends in a readable report, not a raw panic dump.
    if let Err(e) = color_eyre::install() {
        eprintln!("warning: could not install the error reporter: {e}");
    }
    let cli = Cli::parse();
    let outcome = match &cli.check {
        Some(maze_file) => check::run(maze_file, cli.config_path()),
        None if cli.headless => headless::run(&cli),
        None => dashboard::run(&cli),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}
