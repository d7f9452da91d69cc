//! `--check MAZE_FILE [CONFIG]`: validates a maze file and reports each broken rule.

use std::path::Path;
use std::process::ExitCode;

use color_eyre::eyre;
use mazegen::config::Config;
use mazegen::format::MazeFile;
use mazegen::validate::{Expected, looks_like_courtyard_maze, validate_file};

use super::AppError;
use crate::tui::model::APP_CONFIG_KEYS;

/// At most this many broken rules are listed; a count stands for the rest.
const MAX_LISTED: usize = 50;

/// Said once, after the broken rules, when a maze checked without its config has the open
/// courtyard and the moved 42 of a `COURTYARD=True` maze: those rules broke only because the
/// checker was not told about the courtyard.
const COURTYARD_HINT: &str =
    "this looks like a COURTYARD=True maze: pass its config (--check MAZE CONFIG)";

pub fn run(maze_file: &Path, config: Option<&Path>) -> eyre::Result<ExitCode> {
    let config = config
        .map(|path| Config::load_with_app_keys(path, APP_CONFIG_KEYS))
        .transpose()
        .map_err(AppError::from)?;
    let expected = config
        .as_ref()
        .map(Expected::from_config)
        .unwrap_or_default();
    // With its config, the file's size is known: a larger file is refused before it is read.
    let file = match &config {
        Some(config) => MazeFile::load_sized(maze_file, config.width, config.height),
        None => MazeFile::load(maze_file),
    }
    .map_err(AppError::from)?;
    let found = validate_file(&file, &expected);
    let name = maze_file.display();
    if found.is_empty() {
        println!(
            "{name}: valid {}x{} maze, path {} steps",
            file.width(),
            file.height(),
            file.path.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    for violation in found.iter().take(MAX_LISTED) {
        println!("{name}: {violation}");
    }
    if found.len() > MAX_LISTED {
        println!("{name}: ... and {} more", found.len() - MAX_LISTED);
    }
    if config.is_none() && looks_like_courtyard_maze(&file) {
        println!("{name}: {COURTYARD_HINT}");
    }
    Ok(ExitCode::from(1))
}
