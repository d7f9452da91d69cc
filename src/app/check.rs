//! `--check MAZE_FILE [CONFIG]`: validates a maze file and reports each broken rule.

use std::io::BufReader;
use std::path::Path;
use std::process::ExitCode;

use color_eyre::eyre;
use mazegen::config::Config;
use mazegen::format::MazeFile;
use mazegen::validate::{Expected, Report};

use super::{AppError, say};
use crate::tui::APP_CONFIG_KEYS;

/// At most this many violations of each rule are listed; a count stands for the rest, so
/// a file broken at every cell is checked in memory that does not grow with its violations.
const LISTED_PER_RULE: usize = 10;

/// Said once, after the broken rules, when a maze checked without its config has the open
/// courtyard and the moved 42 of a `COURTYARD=True` maze: those rules broke only because the
/// checker was not told about the courtyard.
const COURTYARD_HINT: &str =
    "this looks like a COURTYARD=True maze: pass its config (--check MAZE CONFIG)";

/// Said first when a maze is checked without its config: which stamp its closed cells are
/// checked against ([`Expected`]'s default).
const ASSUMED_STAMP: &str = "no config given: checked for the default stamp, the 42 where it \
    fits (--check MAZE CONFIG checks the config's STAMP)";

/// Checks `maze_file` (against `config` if given); `strict` requires the project's exact 42
/// even when the config names no STAMP.
pub fn run(maze_file: &Path, config: Option<&Path>, strict: bool) -> eyre::Result<ExitCode> {
    let config = config
        .map(|path| Config::load_with_app_keys(path, APP_CONFIG_KEYS))
        .transpose()
        .map_err(AppError::from)?;
    let mut expected = config
        .as_ref()
        .map(Expected::from_config)
        .unwrap_or_default();
    if strict {
        expected.exact_stamp = true;
    }
    // With its config, the file's size is known: a larger file is refused before it is read.
    let file = match &config {
        Some(config) => MazeFile::load_sized(maze_file, config.width, config.height),
        None => MazeFile::load(maze_file),
    }
    .map_err(AppError::Load)?;
    // Memory refused for the check's grid or its flood fill: an error (exit 1), not an abort.
    let report =
        Report::check_file(&file, &expected, LISTED_PER_RULE).map_err(AppError::Generate)?;
    let name = crate::tui::shown_path(maze_file);
    if config.is_none() {
        say::out(format_args!("{name}: {ASSUMED_STAMP}"));
    }
    if let Some(note) = expected.stamp_note(&file) {
        say::out(format_args!("{name}: note: {note}"));
    }
    // The file was read whole just now (a regular file, checked so): reading it again a line
    // at a time costs one pass.
    let layout = std::fs::File::open(maze_file)
        .and_then(|file| MazeFile::layout_problems(BufReader::new(file)))
        .map_err(|source| {
            AppError::Load(mazegen::Error::Unreadable {
                path: maze_file.to_owned(),
                source,
            })
        })?;
    for problem in layout.iter().take(LISTED_PER_RULE) {
        say::out(format_args!("{name}: {problem}"));
    }
    if layout.len() > LISTED_PER_RULE {
        let more = grouped((layout.len() - LISTED_PER_RULE) as u64);
        say::out(format_args!("{name}: ... and {more} more format problems"));
    }
    if report.is_empty() && layout.is_empty() {
        say::out(format_args!(
            "{name}: valid {}x{} maze, path {} steps",
            file.width(),
            file.height(),
            file.path.len()
        ));
        // Valid for its options; the user must still hear which subject rule they break.
        for departure in config.iter().flat_map(Config::departures) {
            say::out(format_args!("{name}: {departure}"));
        }
        return Ok(ExitCode::SUCCESS);
    }
    for tally in report.rules() {
        for violation in tally.kept() {
            say::out(format_args!("{name}: {violation}"));
        }
        if tally.omitted() > 0 {
            say::out(format_args!(
                "{name}: ... and {} more {}",
                grouped(tally.omitted()),
                tally.rule()
            ));
        }
    }
    if config.is_none() && file.looks_like_courtyard_maze() {
        say::out(format_args!("{name}: {COURTYARD_HINT}"));
    }
    Ok(ExitCode::from(1))
}

/// `n` with its digits in groups of three: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(12_345_678_901), "12,345,678,901");
    }
}
