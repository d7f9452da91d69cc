//! A first run: started without a config argument in a folder without `config.txt`, the program
//! runs on a built-in default config instead of stopping at an error, and can write that
//! config out, commented, as the `config.txt` to edit.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use mazegen::config::Config;
use mazegen::write_new_atomically;

use crate::tui::APP_CONFIG_KEYS;

/// The config used when none is named (the first run writes it out there).
pub const DEFAULT_CONFIG: &str = "config.txt";

/// The built-in default config, as written out: the repository's `config.txt` (a 25x20
/// perfect maze, seed 42), with every key explained and the optional ones shown at their
/// defaults.
pub const DEFAULT_CONFIG_TEXT: &str = "\
# A-Maze-ing config: one KEY=VALUE per line. Lines starting with # are comments.
# Keys are case-insensitive; an unknown or repeated key is an error.
# Edit this file, then run `a-maze-ing` again in this folder (or
# `a-maze-ing --headless` to write the maze without the dashboard).

# The size of the maze in cells: columns and rows, each from 2 to 100000.
WIDTH=25
HEIGHT=20

# Where the path starts and ends: x,y (column, then row, counted from 0 at the
# top-left corner). Two different cells inside the maze, not on the 42.
ENTRY=0,0
EXIT=24,19

# Where the maze is written, in the hex format (relative to this folder).
OUTPUT_FILE=maze.txt

# True: a perfect maze, with exactly one path between any two cells.
# False: a board with loops (see BRAID below).
PERFECT=True

# The same seed always makes the same maze. Without SEED, each run picks a
# random seed and shows it, so a maze you like can be made again.
SEED=42

# Optional keys, shown at their defaults (remove the # to use one):
# How the maze is carved: backtracker, prim, kruskal, wilson, aldous-broder,
# hunt-and-kill, growing-tree-newest, growing-tree-random, growing-tree-mixed,
# binary-tree, sidewinder, eller, recursive-division.
# ALGORITHM=backtracker
# With PERFECT=False, the share of dead ends opened into loops, 0.0 to 1.0.
# BRAID=1.0
# True: an open 3x3 courtyard at the centre, where the carving starts.
# COURTYARD=False
# The dashboard's colours: classic, light, ocean, forest, amber, synthwave or
# plain.
# THEME=classic
";

/// The name [`DEFAULT_CONFIG_TEXT`] goes by in messages, as a file would.
const BUILT_IN_NAME: &str = "(built-in default config)";

/// Whether a run that names no config starts on the built-in default: nothing at all is at
/// `default_file`. Anything there, even a file that cannot be read or a dangling link, is the
/// user's config, and its own error is reported rather than silently passed over.
pub fn no_config_at(default_file: &Path) -> bool {
    matches!(fs::symlink_metadata(default_file), Err(e) if e.kind() == io::ErrorKind::NotFound)
}

/// What `--headless` says on a run on the built-in default config.
pub const HEADLESS_NOTE: &str = "no config.txt here: used the built-in default config \
     (run a-maze-ing and press W to write it out as config.txt)";

/// The built-in default config, parsed as a `config.txt` with that text would be.
pub fn built_in_config() -> Config {
    Config::parse_with_app_keys(DEFAULT_CONFIG_TEXT, BUILT_IN_NAME, APP_CONFIG_KEYS)
        // The tests parse it, so a released binary cannot get here.
        .unwrap_or_else(|error| panic!("the built-in config is broken: {error}"))
}

/// [`write_default_config`] to `config.txt` in the current folder, as the dashboard's
/// `Effect::WriteConfig` asks: the file written, or the one-line reason it was not.
pub fn write_default_config_here() -> Result<PathBuf, String> {
    let path = PathBuf::from(DEFAULT_CONFIG);
    write_default_config(&path).map_err(|error| error.to_string())?;
    Ok(path)
}

/// Writes [`DEFAULT_CONFIG_TEXT`] to `path` as a new file, atomically, never in place of one
/// that exists (the user's edits are never lost to it).
pub fn write_default_config(path: &Path) -> Result<(), mazegen::Error> {
    write_new_atomically(path, |out| out.write_all(DEFAULT_CONFIG_TEXT.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_config_is_the_repositorys_config_txt() {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_CONFIG);
        let shipped = Config::load_with_app_keys(&repository, APP_CONFIG_KEYS).unwrap();
        let built_in = built_in_config();
        assert_eq!(built_in, shipped);
        assert_eq!((built_in.width, built_in.height), (25, 20));
        assert_eq!(built_in.seed, Some(42));
    }

    #[test]
    fn every_optional_key_is_offered_at_its_default() {
        let defaults = built_in_config();
        for line in DEFAULT_CONFIG_TEXT.lines() {
            let Some(setting) = line.strip_prefix("# ").filter(|l| {
                l.split_once('=').is_some_and(|(key, _)| {
                    !key.is_empty() && key.chars().all(|c| c.is_ascii_uppercase())
                })
            }) else {
                continue;
            };
            // Uncommented, the line changes nothing: it is the default.
            let text = format!("{DEFAULT_CONFIG_TEXT}{setting}\n");
            let with = Config::parse_with_app_keys(&text, "c.txt", APP_CONFIG_KEYS)
                .unwrap_or_else(|e| panic!("{setting}: {e}"));
            let mut with = with;
            with.app_settings.clear();
            assert_eq!(with, defaults, "{setting}");
        }
        for key in ["ALGORITHM", "BRAID", "COURTYARD", "THEME"] {
            assert!(
                DEFAULT_CONFIG_TEXT.contains(&format!("\n# {key}=")),
                "{key} is offered"
            );
        }
    }

    #[test]
    fn the_first_run_docs_show_the_default_config_as_written() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/first-run.md");
        let docs = fs::read_to_string(docs).unwrap();
        assert!(
            docs.contains(&format!("```text\n{DEFAULT_CONFIG_TEXT}```")),
            "docs/first-run.md shows DEFAULT_CONFIG_TEXT"
        );
        assert!(docs.contains(HEADLESS_NOTE), "and the headless note");
    }

    #[test]
    fn the_config_is_written_once_and_never_over_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.txt");
        assert!(no_config_at(&path));
        write_default_config(&path).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), DEFAULT_CONFIG_TEXT);
        assert!(!no_config_at(&path));
        let loaded = Config::load_with_app_keys(&path, APP_CONFIG_KEYS).unwrap();
        assert_eq!(loaded, built_in_config());

        fs::write(&path, "WIDTH=7 # mine\n").unwrap();
        let error = write_default_config(&path).unwrap_err();
        assert!(error.to_string().ends_with("it already exists"), "{error}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "WIDTH=7 # mine\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_or_an_unreadable_name_is_a_config_not_a_first_run() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("config.txt");
        std::os::unix::fs::symlink("gone.txt", &link).unwrap();
        assert!(!no_config_at(&link));
        assert!(!no_config_at(dir.path()), "a folder by that name");
    }
}
