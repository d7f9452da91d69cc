//! Command-line arguments.

use std::path::{Path, PathBuf};

use clap::Parser;
use mazegen::Algorithm;
use mazegen::config::{Config, ConfigError};

use crate::tui::model::APP_CONFIG_KEYS;

/// The config used when none is named.
pub const DEFAULT_CONFIG: &str = "config.txt";

/// A-Maze-ing: generate, solve, validate and watch mazes in the 42 hex format.
#[derive(Debug, Parser)]
#[command(
    version,
    about,
    after_help = "Exit codes: 0 ok, 1 runtime or check failure, 2 bad config or usage."
)]
pub struct Cli {
    /// The config file (KEY=VALUE lines; see the README).
    #[arg(value_name = "CONFIG")]
    pub config: Option<PathBuf>,

    /// Generate, solve and write OUTPUT_FILE without the dashboard; print a one-line summary.
    #[arg(long, conflicts_with = "check")]
    pub headless: bool,

    /// Validate a maze file against every rule (and against CONFIG if given); print one line
    /// per broken rule; exit 0 when all hold, 1 otherwise.
    #[arg(long, value_name = "MAZE_FILE")]
    pub check: Option<PathBuf>,

    /// Use this seed instead of the config's SEED.
    #[arg(long, value_name = "N", conflicts_with = "check")]
    pub seed: Option<u64>,

    /// Use this generation algorithm instead of the config's ALGORITHM (see the README for
    /// the list; an unknown name is an error that lists the valid ones).
    #[arg(long, value_name = "NAME", conflicts_with = "check")]
    pub algorithm: Option<Algorithm>,

    /// With --headless: print the maze's statistics (dead ends, junctions, loops, longest
    /// corridor, path share, river factor) as JSON on stdout; the summary goes to stderr.
    #[arg(long, requires = "headless")]
    pub stats: bool,

    /// With --headless: also write the maze as an SVG picture (walls, the solution, entry and
    /// exit, the 42) to this file.
    #[arg(long, value_name = "FILE", requires = "headless")]
    pub svg: Option<PathBuf>,
}

impl Cli {
    /// The config file named on the command line, if any.
    pub fn config_path(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    /// The config to run: the one named, or `config.txt`.
    pub fn config_or_default(&self) -> &Path {
        self.config_path().unwrap_or(Path::new(DEFAULT_CONFIG))
    }

    /// Loads the config to run, with the command line's overrides applied.
    pub fn load_config(&self) -> Result<Config, ConfigError> {
        let mut config = Config::load_with_app_keys(self.config_or_default(), APP_CONFIG_KEYS)?;
        if let Some(algorithm) = self.algorithm {
            config.algorithm = algorithm;
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn check_takes_a_maze_file_and_an_optional_config() {
        let cli = Cli::try_parse_from(["a-maze-ing", "--check", "maze.txt", "config.txt"]).unwrap();
        assert_eq!(cli.check.as_deref(), Some(Path::new("maze.txt")));
        assert_eq!(cli.config_path(), Some(Path::new("config.txt")));
        let cli = Cli::try_parse_from(["a-maze-ing", "--check", "maze.txt"]).unwrap();
        assert_eq!(cli.config_path(), None);
    }

    #[test]
    fn headless_defaults_to_config_txt_and_takes_a_seed() {
        let cli = Cli::try_parse_from(["a-maze-ing", "--headless", "--seed", "7"]).unwrap();
        assert!(cli.headless);
        assert_eq!(cli.seed, Some(7));
        assert_eq!(cli.config_or_default(), Path::new("config.txt"));
    }

    #[test]
    fn algorithm_names_are_checked_by_the_parser() {
        let cli = Cli::try_parse_from(["a-maze-ing", "--algorithm", "DFS"]).unwrap();
        assert_eq!(cli.algorithm, Some(Algorithm::Backtracker));
        let err = Cli::try_parse_from(["a-maze-ing", "--algorithm", "nope"]).unwrap_err();
        assert!(err.to_string().contains(&Algorithm::names()), "{err}");
    }

    #[test]
    fn svg_takes_a_file_and_needs_headless() {
        let cli = Cli::try_parse_from(["a-maze-ing", "--headless", "--svg", "m.svg"]).unwrap();
        assert_eq!(cli.svg.as_deref(), Some(Path::new("m.svg")));
        assert!(Cli::try_parse_from(["a-maze-ing", "--svg", "m.svg"]).is_err());
    }

    #[test]
    fn stats_needs_headless() {
        assert!(Cli::try_parse_from(["a-maze-ing", "--stats"]).is_err());
        assert!(
            Cli::try_parse_from(["a-maze-ing", "--headless", "--stats"])
                .unwrap()
                .stats
        );
    }

    #[test]
    fn bad_usage_is_rejected() {
        assert!(Cli::try_parse_from(["a-maze-ing", "--seed", "-1"]).is_err());
        assert!(Cli::try_parse_from(["a-maze-ing", "--headless", "--check", "m.txt"]).is_err());
    }
}
