//! Files that no output may replace: the config a run was made from (a picture written over
//! it loses it), and OUTPUT_FILE for any format but its own (the picture and the maze need two
//! files). The command line protects them once it has read its config; every write of outputs
//! ([`check`] before `mazegen::write_outputs`) then refuses such an output before
//! anything is written, whatever asked for it (a command-line flag, a dashboard key), and by
//! whatever name it reaches the file (a link, `./`).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use mazegen::format::Output;

/// Why a file is protected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Protected {
    /// The config: no output may replace it.
    Config,
    /// An output of this format (its `mazegen::format::Format::name`): no other format may
    /// replace it.
    OutputOf(&'static str),
}

static PROTECTED: Mutex<Vec<(PathBuf, Protected)>> = Mutex::new(Vec::new());

/// From now on, no output replaces `path` but as `why` allows.
pub fn protect(path: &Path, why: Protected) {
    let mut protected = PROTECTED.lock().unwrap_or_else(PoisonError::into_inner);
    protected.push((path.to_owned(), why));
}

/// Refuses the first of `outputs` that would write a protected file, before anything is
/// written.
pub fn check(outputs: &[Output]) -> Result<(), mazegen::Error> {
    for output in outputs {
        if let Some(path) = output.path() {
            check_output(path, output.format.name())?;
        }
    }
    Ok(())
}

/// Refuses to write `path` in the format named `format` if it is a protected file.
fn check_output(path: &Path, format: &str) -> Result<(), mazegen::Error> {
    let protected = PROTECTED.lock().unwrap_or_else(PoisonError::into_inner);
    for (file, why) in protected.iter() {
        if !Output::same_target(path, file) {
            continue;
        }
        let reason = match why {
            Protected::Config => format!(
                "it is the config file {}: writing it would replace the config",
                mazegen::escaped(&file.to_string_lossy())
            ),
            Protected::OutputOf(own) if *own == format => continue,
            Protected::OutputOf(own) => format!(
                "it is the {own} file {}: the {format} output needs a file of its own",
                mazegen::escaped(&file.to_string_lossy())
            ),
        };
        return Err(mazegen::Error::Write {
            path: path.to_owned(),
            source: io::Error::new(io::ErrorKind::AlreadyExists, reason),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_protected_file_is_refused_by_any_name_and_an_output_by_its_own_format_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("guarded-c.svg");
        let maze = dir.path().join("guarded-m.txt");
        fs::write(&config, "WIDTH=5\n").unwrap();
        protect(&config, Protected::Config);
        protect(&maze, Protected::OutputOf("hex"));

        let error = check_output(&config, "svg").unwrap_err().to_string();
        assert!(
            error.ends_with("guarded-c.svg: writing it would replace the config"),
            "{error}"
        );
        #[cfg(unix)]
        {
            let link = dir.path().join("guarded-link.svg");
            std::os::unix::fs::symlink(&config, &link).unwrap();
            assert!(check_output(&link, "svg").is_err(), "through a link");
        }
        // OUTPUT_FILE need not exist yet to be refused.
        let error = check_output(&maze, "svg").unwrap_err().to_string();
        assert!(
            error.contains("the svg output needs a file of its own"),
            "{error}"
        );
        assert!(check_output(&maze, "hex").is_ok());
        assert!(check_output(&dir.path().join("guarded-m.svg"), "svg").is_ok());
    }
}
