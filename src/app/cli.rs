//! Command-line arguments.

use std::path::{Path, PathBuf};

use clap::Parser;
use mazegen::config::{Config, ConfigError};
use mazegen::format::svg::{CellSize, SvgOptions};
use mazegen::format::{Hex, Output, StatsJson, Svg, same_target};
use mazegen::{Algorithm, quote};

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

    /// Open a maze file, valid or not, in the dashboard as an inspector: drawn with every
    /// broken rule where it is (checked against CONFIG if given).
    #[arg(long, value_name = "MAZE_FILE", conflicts_with_all = ["check", "headless", "seed", "algorithm"])]
    pub open: Option<PathBuf>,

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

    /// The most memory a maze may need (e.g. 512M, 2G, 1.5GiB). By default, what the system
    /// reports available: a maze estimated to need more is refused before it is made.
    #[arg(long, value_name = "SIZE", value_parser = super::memory::parse_limit)]
    pub max_memory: Option<u64>,

    /// With --headless: also write the maze as an SVG picture (walls, the solution, entry and
    /// exit, the 42) to this file.
    #[arg(long, value_name = "FILE", requires = "headless")]
    pub svg: Option<PathBuf>,

    /// With --svg: pixels a cell in the picture's width and height. By default the picture
    /// fits 1600 pixels on its long side, with at most 16 pixels a cell.
    #[arg(long, value_name = "PX", requires = "svg", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub svg_cell: Option<u32>,

    /// Race 2 to 4 algorithms on the config's maze, side by side at one pace, each then solved
    /// by BFS, with a summary table at the end (with --headless: only the table).
    #[arg(long, value_name = "ALG1,ALG2[,ALG3,ALG4]", value_parser = parse_race, conflicts_with_all = ["check", "open"])]
    pub race: Option<RaceList>,
}

/// The algorithms of `--race`, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceList(pub Vec<Algorithm>);

/// `--race`'s value: 2 to 4 known algorithm names, comma separated.
fn parse_race(text: &str) -> Result<RaceList, String> {
    let algorithms = text
        .split(',')
        .map(|name| name.trim().parse::<Algorithm>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let lanes = crate::tui::race::MIN_LANES..=crate::tui::race::MAX_LANES;
    if !lanes.contains(&algorithms.len()) {
        return Err(format!(
            "a race takes {} to {} algorithms, comma separated, got {}",
            lanes.start(),
            lanes.end(),
            algorithms.len()
        ));
    }
    Ok(RaceList(algorithms))
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

    /// Protects the config and OUTPUT_FILE from every output but the maze's own (see
    /// [`mazegen::format::protect`]): whatever writes a file from now on (`--svg`, the
    /// dashboard's `e` and `s`), the config is never replaced, nor the maze by a picture.
    pub fn protect_files(&self, config: &Config) {
        use mazegen::format::{Format, Protected, protect};
        protect(self.config_or_default(), Protected::Config);
        protect(&config.output_file, Protected::OutputOf(Hex.name()));
    }

    /// Refuses an `--svg` file that a run would write over something it must not: the config
    /// (which would be lost) or OUTPUT_FILE (one output would replace the other).
    pub fn check_outputs(&self, config: &Config) -> Result<(), String> {
        let Some(svg) = &self.svg else {
            return Ok(());
        };
        let config_file = self.config_or_default();
        if same_target(svg, config_file) {
            return Err(format!(
                "--svg {} is the config file {}: writing the picture would replace it",
                quote::path(svg),
                quote::path(config_file)
            ));
        }
        if same_target(svg, &config.output_file) {
            return Err(format!(
                "--svg {} is OUTPUT_FILE: the picture and the maze need two files",
                quote::path(svg)
            ));
        }
        Ok(())
    }

    /// What `--headless` writes, in order: OUTPUT_FILE in the hex format, the `--svg` picture,
    /// then the `--stats` JSON on standard output. A new format's flag adds its line here.
    pub fn outputs(&self, config: &Config) -> Vec<Output> {
        let mut outputs = vec![Output::file(Hex, &config.output_file)];
        if let Some(path) = &self.svg {
            let cell_size = self.svg_cell.map_or(CellSize::Fit, CellSize::Pixels);
            let options = SvgOptions {
                cell_size,
                ..SvgOptions::default()
            };
            outputs.push(Output::file(Svg::new(options), path));
        }
        if self.stats {
            outputs.push(Output::stdout(StatsJson::for_file(&config.output_file)));
        }
        outputs
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
    fn race_takes_two_to_four_known_algorithms() {
        let parse = |args: &[&str]| Cli::try_parse_from(["a-maze-ing"].iter().chain(args));
        let cli = parse(&["--race", "backtracker,kruskal,prim"]).unwrap();
        assert_eq!(
            cli.race,
            Some(RaceList(vec![
                Algorithm::Backtracker,
                Algorithm::Kruskal,
                Algorithm::Prim
            ]))
        );
        for bad in [
            "kruskal",
            "a,b",
            "prim,prim,prim,prim,prim",
            "prim,,kruskal",
        ] {
            let error = parse(&["--race", bad]).unwrap_err();
            assert_eq!(error.exit_code(), 2, "{bad}");
        }
        let error = parse(&["--race", "kruskal"]).unwrap_err().to_string();
        assert!(error.contains("a race takes 2 to 4 algorithms"), "{error}");
        let error = parse(&["--race", "kruskal,nope"]).unwrap_err().to_string();
        assert!(error.contains("backtracker"), "lists the names: {error}");
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
    fn open_takes_a_maze_file_and_an_optional_config_and_no_other_mode() {
        let cli = Cli::try_parse_from(["a-maze-ing", "--open", "m.txt", "c.txt"]).unwrap();
        assert_eq!(cli.open.as_deref(), Some(Path::new("m.txt")));
        assert_eq!(cli.config_path(), Some(Path::new("c.txt")));
        let cli = Cli::try_parse_from(["a-maze-ing", "--open", "m.txt"]).unwrap();
        assert_eq!(cli.config_path(), None);
        for clash in ["--headless", "--check=x.txt", "--seed=3"] {
            assert!(Cli::try_parse_from(["a-maze-ing", "--open", "m.txt", clash]).is_err());
        }
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
    fn svg_cell_needs_svg_and_a_sensible_size() {
        let cli = Cli::try_parse_from([
            "a-maze-ing",
            "--headless",
            "--svg",
            "m.svg",
            "--svg-cell",
            "4",
        ])
        .unwrap();
        assert_eq!(cli.svg_cell, Some(4));
        assert!(Cli::try_parse_from(["a-maze-ing", "--headless", "--svg-cell", "4"]).is_err());
        for bad in ["0", "2000", "big"] {
            let args = [
                "a-maze-ing",
                "--headless",
                "--svg",
                "m.svg",
                "--svg-cell",
                bad,
            ];
            assert!(Cli::try_parse_from(args).is_err(), "{bad}");
        }
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
    fn the_flags_make_the_outputs_in_order() {
        let config = Config::parse(
            "WIDTH=5\nHEIGHT=5\nENTRY=0,0\nEXIT=4,4\nOUTPUT_FILE=m.txt\nPERFECT=True\n",
            "c.txt",
        )
        .unwrap();
        let outputs = |args: &[&str]| {
            let cli = Cli::try_parse_from(args).unwrap();
            cli.outputs(&config)
                .iter()
                .map(|o| format!("{} {}", o.format.name(), o.destination))
                .collect::<Vec<_>>()
        };
        assert_eq!(outputs(&["a-maze-ing", "--headless"]), ["hex m.txt"]);
        assert_eq!(
            outputs(&["a-maze-ing", "--headless", "--stats", "--svg", "p.svg"]),
            ["hex m.txt", "svg p.svg", "stats standard output"]
        );
    }

    #[test]
    fn bad_usage_is_rejected() {
        assert!(Cli::try_parse_from(["a-maze-ing", "--seed", "-1"]).is_err());
        assert!(Cli::try_parse_from(["a-maze-ing", "--headless", "--check", "m.txt"]).is_err());
    }
}
