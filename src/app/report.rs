//! The error reporter: color-eyre's, except for memory refused. color-eyre's report captures a
//! backtrace (with `RUST_BACKTRACE=1`) and a span trace when it is made, which takes memory a
//! run that has just been refused some may not have: the allocator's abort would replace the
//! one-line error. A memory error's report captures nothing; it is printed as its one line
//! (see `app::failure`), exit code 1, like any [`AppError`].

use std::error::Error;
use std::fmt;
use std::io;

use color_eyre::eyre;
use mazegen::format::HexErrorKind;

use super::AppError;

/// Installs the reporter: color-eyre's panic hook, and its error hook for everything but
/// memory refused (see the [module](self) docs).
pub fn install() -> Result<(), eyre::Report> {
    let (panic_hook, error_hook) = color_eyre::config::HookBuilder::default().try_into_hooks()?;
    let colored = error_hook.into_eyre_hook();
    eyre::set_hook(Box::new(move |error| {
        if refuses_memory(error) {
            Box::new(Plain)
        } else {
            colored(error)
        }
    }))?;
    panic_hook.install();
    Ok(())
}

/// A report's handler that keeps nothing: the error and its causes, on one line each.
#[derive(Debug)]
pub struct Plain;

impl eyre::EyreHandler for Plain {
    fn debug(&self, error: &(dyn Error + 'static), f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{error}")?;
        let mut cause = error.source();
        while let Some(error) = cause {
            write!(f, "\n  caused by: {error}")?;
            cause = error.source();
        }
        Ok(())
    }
}

/// Whether `error` is an [`AppError`] for memory the allocator refused.
fn refuses_memory(error: &(dyn Error + 'static)) -> bool {
    error
        .downcast_ref::<AppError>()
        .is_some_and(AppError::refuses_memory)
}

impl AppError {
    /// Whether this is memory the allocator refused: a maze, a piece of work on it, a file's
    /// bytes or cells, an output.
    pub fn refuses_memory(&self) -> bool {
        let io = |error: &io::Error| error.kind() == io::ErrorKind::OutOfMemory;
        match self {
            AppError::Generate(error) | AppError::Session(error) => matches!(
                error,
                mazegen::Error::OutOfMemory { .. } | mazegen::Error::NotEnoughMemory { .. }
            ),
            AppError::Write(mazegen::Error::Write { source, .. }) => io(source),
            AppError::Load(mazegen::Error::Unreadable { source, .. }) => io(source),
            AppError::Load(mazegen::Error::BadMazeFile { kind, .. }) => {
                *kind == HexErrorKind::OutOfMemory
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused() -> AppError {
        AppError::Generate(mazegen::Error::NotEnoughMemory {
            task: "the carving",
            width: 300,
            height: 200,
        })
    }

    #[test]
    fn memory_refused_is_told_apart_from_other_mistakes() {
        assert!(refused().refuses_memory());
        let grid = mazegen::Error::OutOfMemory {
            width: 3,
            height: 2,
        };
        assert!(AppError::Session(grid).refuses_memory());
        let side = mazegen::Error::Side {
            side: "WIDTH",
            value: 0,
        };
        assert!(!AppError::Generate(side).refuses_memory());
        assert!(!AppError::Usage("no".into()).refuses_memory());
        let write = mazegen::Error::Write {
            path: "m.txt".into(),
            source: io::Error::new(io::ErrorKind::OutOfMemory, "not enough memory for x"),
        };
        assert!(AppError::Write(write).refuses_memory());
    }

    #[test]
    fn a_report_of_memory_refused_captures_nothing() {
        // color-eyre's handler would capture a backtrace under `RUST_BACKTRACE=1`; this one
        // keeps nothing. Another test of this binary may have installed it first: the same hook either way.
        let _ = install();
        let report: eyre::Report = refused().into();
        assert!(report.handler().downcast_ref::<Plain>().is_some());
        let (text, code) = super::super::failure(&report);
        assert_eq!(
            text,
            "error: not enough memory for the carving of the 300x200 maze"
        );
        assert_eq!(code, std::process::ExitCode::from(1));
        // Anything else still gets color-eyre's report.
        let other: eyre::Report = AppError::Usage("no".into()).into();
        assert!(other.handler().downcast_ref::<Plain>().is_none());
    }
}
