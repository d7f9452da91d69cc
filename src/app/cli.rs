//! Command-line arguments: the one clap definition that parses them and that `--help`, the
//! shell completions (`--completions SHELL`) and the man page (`--man`) are generated from.

use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser};
use mazegen::Algorithm;
use mazegen::config::Config;
use mazegen::format::{AnimatedSvg, Hex, Output, Paper, PdfSheet, Png, StatsJson, Svg};
use mazegen::format::{CellSize, SvgOptions, SvgStyle};

use crate::tui::APP_CONFIG_KEYS;
use crate::tui::picture_refusal;

pub use super::first_run::DEFAULT_CONFIG;

/// `--help`'s headings, one per mode, so that each flag is listed beside the mode it belongs to.
const HEADLESS: &str = "Headless (no dashboard)";
const CHECK: &str = "Checking a maze file";
const OPEN: &str = "Inspecting a maze file in the dashboard";
const RACE: &str = "Race";
const GRADE: &str = "Grading another A-Maze-ing program";
const MAZE: &str = "The maze (every mode that makes one)";
const DOCS: &str = "Shell completions and the manual";

/// A-Maze-ing: generate, solve, validate and watch mazes in the 42 hex format.
#[derive(Debug, Parser)]
#[command(
    version,
    about,
    group = clap::ArgGroup::new("pictures").multiple(true).args(["svg", "png", "animate"]),
    group = clap::ArgGroup::new("checking").multiple(true).args(["check", "grade"]),
    after_help = "Exit codes: 0 ok, 1 runtime or check failure, 2 bad config or usage."
)]
pub struct Cli {
    /// The config file (KEY=VALUE lines; see the README).
    #[arg(value_name = "CONFIG")]
    pub config: Option<PathBuf>,

    /// Generate, solve and write OUTPUT_FILE without the dashboard; print a one-line summary.
    #[arg(long, conflicts_with = "check", help_heading = HEADLESS)]
    pub headless: bool,

    /// Validate a maze file against every rule (and against CONFIG if given); print one line
    /// per broken rule; exit 0 when all hold, 1 otherwise.
    #[arg(long, value_name = "MAZE_FILE", help_heading = CHECK)]
    pub check: Option<PathBuf>,

    /// Open a maze file, valid or not, in the dashboard as an inspector: drawn with every
    /// broken rule where it is (checked against CONFIG if given).
    #[arg(long, value_name = "MAZE_FILE", conflicts_with_all = ["check", "headless", "seed", "algorithm"], help_heading = OPEN)]
    pub open: Option<PathBuf>,

    /// Use this seed instead of the config's SEED.
    #[arg(long, value_name = "N", conflicts_with = "check", help_heading = MAZE)]
    pub seed: Option<u64>,

    /// Use this generation algorithm instead of the config's ALGORITHM (see the README for
    /// the list; an unknown name is an error that lists the valid ones).
    #[arg(long, value_name = "NAME", conflicts_with = "check", help_heading = MAZE)]
    pub algorithm: Option<Algorithm>,

    /// With --headless: print the maze's statistics (dead ends, junctions, loops, longest
    /// corridor, path share, river factor) as JSON on stdout; the summary goes to stderr.
    #[arg(long, requires = "headless", help_heading = HEADLESS)]
    pub stats: bool,

    /// The most memory a maze may need (e.g. 512M, 2G, 1.5GiB). By default, what the system
    /// reports available: a maze estimated to need more is refused before it is made.
    #[arg(long, value_name = "SIZE", value_parser = super::memory::parse_limit, help_heading = MAZE)]
    pub max_memory: Option<u64>,

    /// With --headless: also write the maze as an SVG picture (walls, the solution, entry and
    /// exit, the 42) to this file.
    #[arg(long, value_name = "FILE", requires = "headless", help_heading = HEADLESS)]
    pub svg: Option<PathBuf>,

    /// With --svg, --png or --animate: pixels a cell in the picture's width and height. By default the
    /// picture fits 1600 pixels on its long side, with at most 16 pixels a cell.
    #[arg(long, value_name = "PX", requires = "pictures", value_parser = clap::value_parser!(u32).range(1..=1024), help_heading = HEADLESS)]
    pub svg_cell: Option<u32>,

    /// With --headless: also write the maze as a PNG picture (the SVG drawing, rasterized) to
    /// this file.
    #[arg(long, value_name = "FILE", requires = "headless", help_heading = HEADLESS)]
    pub png: Option<PathBuf>,

    /// Draw the solution in the pictures (--svg, --png, --animate): the default.
    #[arg(long, overrides_with = "no_solution", help_heading = HEADLESS)]
    pub solution: bool,

    /// Leave the solution out of the pictures (--svg, --png, --animate).
    #[arg(long, overrides_with = "solution", help_heading = HEADLESS)]
    pub no_solution: bool,

    /// With --headless: the theme whose colours the pictures use, instead of the config's
    /// THEME (bundled or in the user's themes folder); for --pdf, instead of black on white.
    #[arg(long, value_name = "NAME", requires = "headless", help_heading = HEADLESS)]
    pub theme: Option<String>,

    /// With --headless: also write a printable PDF puzzle sheet to this file: the maze (and
    /// --count more), each with its seed and difficulty, then the answers.
    #[arg(long, value_name = "FILE", requires = "headless", help_heading = HEADLESS)]
    pub pdf: Option<PathBuf>,

    /// With --pdf: how many mazes, on seeds SEED, SEED+1, ...
    #[arg(long, value_name = "N", requires = "pdf", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000), help_heading = HEADLESS)]
    pub count: u32,

    /// With --pdf: the paper size, a4 or letter.
    #[arg(long, value_name = "SIZE", requires = "pdf", default_value_t = Paper::A4, value_parser = parse_paper, help_heading = HEADLESS)]
    pub paper: Paper,

    /// With --headless: also write an SVG that replays the carving in a browser, then draws
    /// the solution (refused above 1.5 million cells, where it could pass 20 MB).
    #[arg(long, value_name = "FILE.svg", requires = "headless", help_heading = HEADLESS)]
    pub animate: Option<PathBuf>,

    /// With --animate: how long the film lasts, in seconds, whatever the maze's size.
    #[arg(long, value_name = "S", requires = "animate", default_value_t = mazegen::format::AnimatedSvg::DEFAULT_DURATION, value_parser = parse_duration, help_heading = HEADLESS)]
    pub duration: f64,

    /// With --pdf: mazes on a page, laid out as large as the page allows.
    #[arg(long, value_name = "K", requires = "pdf", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100), help_heading = HEADLESS)]
    pub per_page: u32,

    /// Race 2 to 4 algorithms on the config's maze, side by side at one pace, each then solved
    /// by BFS, with a summary table at the end (with --headless: only the table).
    #[arg(long, value_name = "ALG1,ALG2[,ALG3,ALG4]", value_parser = parse_race, conflicts_with_all = ["check", "open"], help_heading = RACE)]
    pub race: Option<RaceList>,

    /// With --check or --grade: require the project's exact 42 (its shape at its place) even
    /// when the config names no STAMP; otherwise any 42 drawn near the centre passes, with a note.
    #[arg(long, requires = "checking", help_heading = CHECK)]
    pub strict: bool,

    /// Grade an A-Maze-ing program: run `CMD CONFIG_PATH` (or CMD with `{}` replaced by the
    /// path) on the built-in cases, each in a fresh folder inside a pseudo-terminal, check what
    /// it does against the subject's rules and print a scorecard; exit 0 when every case passes.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["config", "check", "open", "headless", "race", "seed", "algorithm"], help_heading = GRADE)]
    pub grade: Option<String>,

    /// With --grade: seconds a case may run, quitting included.
    #[arg(long, value_name = "S", requires = "grade", default_value_t = DEFAULT_GRADE_TIMEOUT, value_parser = parse_timeout, help_heading = GRADE)]
    pub grade_timeout: f64,

    /// With --grade: keys that quit the program, tried first (`\n` is Enter, `\e` Esc); may
    /// be given more than once.
    #[arg(long, value_name = "KEYS", requires = "grade", help_heading = GRADE)]
    pub grade_quit: Vec<String>,

    /// With --grade: keep every case's folder (config, output, transcript) in DIR.
    #[arg(long, value_name = "DIR", requires = "grade", help_heading = GRADE)]
    pub grade_keep: Option<PathBuf>,

    /// With --grade: also write the scorecard to FILE, as Markdown (.md) or JSON (.json).
    #[arg(long, value_name = "FILE", requires = "grade", help_heading = GRADE)]
    pub grade_report: Option<PathBuf>,

    /// With --grade: run only these cases (names, comma separated; see docs/grade.md).
    #[arg(long, value_name = "NAMES", requires = "grade", value_delimiter = ',', help_heading = GRADE)]
    pub grade_cases: Vec<String>,

    /// Print the completion script for SHELL on stdout (e.g. `a-maze-ing --completions bash >
    /// ~/.local/share/bash-completion/completions/a-maze-ing`).
    #[arg(long, value_name = "SHELL", exclusive = true, help_heading = DOCS)]
    pub completions: Option<clap_complete::Shell>,

    /// Print the man page (roff) on stdout (e.g. `a-maze-ing --man | man -l -`).
    #[arg(long, exclusive = true, help_heading = DOCS)]
    pub man: bool,
}

/// The colours of what `--headless` draws: the theme's for the pictures, black on white for
/// paper unless `--theme` names one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Looks {
    pub picture: SvgStyle,
    pub print: SvgStyle,
}

impl Default for Looks {
    fn default() -> Looks {
        Looks {
            picture: SvgStyle::default(),
            print: SvgStyle::print(),
        }
    }
}

/// `--grade-timeout`'s default, in seconds.
const DEFAULT_GRADE_TIMEOUT: f64 = 10.0;

/// `--grade-timeout`'s value: seconds, from 0.1 to 3600.
fn parse_timeout(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(0.1..=3600.0).contains(&seconds) {
        return Err(format!("{text} s: a case may run 0.1 to 3600 seconds"));
    }
    Ok(seconds)
}

/// The algorithms of `--race`, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceList(pub Vec<Algorithm>);

/// `--paper`: a paper's name, or the app's message naming the valid ones (`a4 or letter`).
fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse().map_err(|error| match error {
        mazegen::Error::UnknownPaper { name, valid } => {
            format!("unknown paper {name:?}: {}", valid.replace(", ", " or "))
        }
        other => other.to_string(),
    })
}

/// `--duration`'s value: seconds, from 0.5 to 600.
fn parse_duration(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(0.5..=600.0).contains(&seconds) {
        return Err(format!("{text} s: a film lasts 0.5 to 600 seconds"));
    }
    Ok(seconds)
}

/// `--race`'s value: 2 to 4 known algorithm names, comma separated.
fn parse_race(text: &str) -> Result<RaceList, String> {
    let algorithms = text
        .split(',')
        .map(|name| name.trim().parse::<Algorithm>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let lanes = crate::tui::MIN_LANES..=crate::tui::MAX_LANES;
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
    /// What `--completions SHELL` or `--man` prints, if either was given: both are generated
    /// from this definition, so they list exactly the flags `--help` does.
    pub fn docs(&self) -> Option<Vec<u8>> {
        let mut text = Vec::new();
        if let Some(shell) = self.completions {
            let mut command = Cli::command();
            let name = command.get_name().to_owned();
            clap_complete::generate(shell, &mut command, name, &mut text);
        } else if self.man {
            // Writing to a Vec cannot fail.
            clap_mangen::Man::new(Cli::command())
                .render(&mut text)
                .expect("rendering to memory");
        } else {
            return None;
        }
        Some(text)
    }

    /// The config file named on the command line, if any.
    pub fn config_path(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    /// The config to run: the one named, or `config.txt`.
    pub fn config_or_default(&self) -> &Path {
        self.config_path().unwrap_or(Path::new(DEFAULT_CONFIG))
    }

    /// Whether this run starts on the built-in default config: it names none, and there is
    /// nothing at `config.txt` (a first run; see [`super::first_run`]). A config named but
    /// missing stays an error.
    pub fn uses_built_in_config(&self) -> bool {
        self.config_path().is_none() && super::first_run::no_config_at(Path::new(DEFAULT_CONFIG))
    }

    /// Loads the config to run, with the command line's overrides applied.
    pub fn load_config(&self) -> Result<Config, mazegen::Error> {
        let mut config = match self.uses_built_in_config() {
            true => super::first_run::built_in_config(),
            false => Config::load_with_app_keys(self.config_or_default(), APP_CONFIG_KEYS)?,
        };
        if let Some(algorithm) = self.algorithm {
            config.algorithm = algorithm;
        }
        Ok(config)
    }

    /// Protects the config and OUTPUT_FILE from every output but the maze's own (see
    /// [`crate::tui::protect`]): whatever writes a file from now on (`--svg`, the
    /// dashboard's `e` and `s`), the config is never replaced, nor the maze by a picture.
    pub fn protect_files(&self, config: &Config) {
        use crate::tui::{Protected, protect};
        use mazegen::format::Format;
        protect(self.config_or_default(), Protected::Config);
        protect(&config.output_file, Protected::OutputOf(Hex.name()));
    }

    /// The extra files the flags ask for, each with its flag, in the order they are written:
    /// every flag that names a file to write is here, so that [`Self::check_outputs`] sees it.
    fn extra_files(&self) -> Vec<(&'static str, &Path)> {
        [
            ("--svg", &self.svg),
            ("--png", &self.png),
            ("--pdf", &self.pdf),
            ("--animate", &self.animate),
        ]
        .into_iter()
        .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, p)))
        .collect()
    }

    /// Refuses an extra file (`--svg`, `--png`...) that a run would write over something it
    /// must not: the config (which would be lost), OUTPUT_FILE or another extra file (one
    /// output would replace the other); and a PNG too large to draw.
    pub fn check_outputs(&self, config: &Config) -> Result<(), String> {
        let config_file = self.config_or_default();
        let extra = self.extra_files();
        for (i, &(flag, path)) in extra.iter().enumerate() {
            if Output::same_target(path, config_file) {
                return Err(format!(
                    "{flag} {} is the config file {}: writing the picture would replace it",
                    crate::tui::shown_path(path),
                    crate::tui::shown_path(config_file)
                ));
            }
            if Output::same_target(path, &config.output_file) {
                return Err(format!(
                    "{flag} {} is OUTPUT_FILE: the picture and the maze need two files",
                    crate::tui::shown_path(path)
                ));
            }
            if let Some((other, _)) = extra[..i]
                .iter()
                .find(|(_, p)| Output::same_target(p, path))
            {
                return Err(format!(
                    "{flag} {} is also the {other} file: each output needs its own file",
                    crate::tui::shown_path(path)
                ));
            }
        }
        // `--stats` prints on standard output: a file written there would run into it.
        let files = [("OUTPUT_FILE", config.output_file.as_path())].into_iter();
        if self.stats
            && let Some((flag, path)) = files
                .chain(extra)
                .find(|(_, p)| Output::is_standard_output(p))
        {
            return Err(format!(
                "{flag} {} is standard output, where --stats prints: each output needs its own file",
                crate::tui::shown_path(path)
            ));
        }
        if self.png.is_some() {
            Png::check_size(self.cell_size(), config.width, config.height)
                .map_err(|e| picture_refusal(&e))?;
        }
        if self.pdf.is_some() {
            PdfSheet::check_size(self.count, config.width, config.height)
                .map_err(|e| picture_refusal(&e))?;
        }
        if self.animate.is_some() {
            AnimatedSvg::check_size(config.width, config.height)
                .map_err(|e| format!("--animate: {}", picture_refusal(&e)))?;
        }
        Ok(())
    }

    /// The pictures' size: `--svg-cell`, or fitted to a screen.
    fn cell_size(&self) -> CellSize {
        self.svg_cell.map_or(CellSize::Fit, CellSize::Pixels)
    }

    /// How the pictures (`--svg`, `--png`) are drawn, in the `looks` colours.
    fn picture_options(&self, looks: &Looks) -> SvgOptions {
        SvgOptions::default()
            .cell_size(self.cell_size())
            .show_path(!self.no_solution)
            .style(looks.picture.clone())
    }

    /// What `--headless` writes, in order: OUTPUT_FILE in the hex format, the `--svg` and
    /// `--png` pictures, then the `--stats` JSON on standard output. A new format's flag adds
    /// its line here.
    pub fn outputs(&self, config: &Config, looks: &Looks) -> Vec<Output> {
        let mut outputs = vec![Output::file(Hex, &config.output_file)];
        if let Some(path) = &self.svg {
            outputs.push(Output::file(Svg::new(self.picture_options(looks)), path));
        }
        if let Some(path) = &self.png {
            outputs.push(Output::file(Png::new(self.picture_options(looks)), path));
        }
        if let Some(path) = &self.pdf {
            let sheet = PdfSheet {
                count: self.count,
                per_page: self.per_page,
                paper: self.paper,
                style: looks.print.clone(),
            };
            outputs.push(Output::file(sheet, path));
        }
        if let Some(path) = &self.animate {
            let film = AnimatedSvg {
                options: self.picture_options(looks),
                duration: self.duration,
            };
            outputs.push(Output::file(film, path));
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
            cli.outputs(&config, &Looks::default())
                .iter()
                .map(|o| format!("{} {}", o.format.name(), o.destination()))
                .collect::<Vec<_>>()
        };
        assert_eq!(outputs(&["a-maze-ing", "--headless"]), ["hex m.txt"]);
        assert_eq!(
            outputs(&["a-maze-ing", "--headless", "--stats", "--svg", "p.svg"]),
            ["hex m.txt", "svg p.svg", "stats standard output"]
        );
        assert_eq!(
            outputs(&[
                "a-maze-ing",
                "--headless",
                "--png",
                "p.png",
                "--svg",
                "p.svg"
            ]),
            ["hex m.txt", "svg p.svg", "png p.png"]
        );
    }

    #[test]
    fn the_sheet_flags_need_pdf_and_sensible_values() {
        let parse =
            |args: &[&str]| Cli::try_parse_from(["a-maze-ing", "--headless"].iter().chain(args));
        let cli = parse(&[
            "--pdf",
            "s.pdf",
            "--count",
            "4",
            "--paper",
            "Letter",
            "--per-page",
            "2",
        ])
        .unwrap();
        assert_eq!((cli.count, cli.paper, cli.per_page), (4, Paper::Letter, 2));
        let cli = parse(&["--pdf", "s.pdf"]).unwrap();
        assert_eq!((cli.count, cli.paper, cli.per_page), (1, Paper::A4, 1));
        for bad in [
            &["--count", "3"][..],
            &["--pdf", "s.pdf", "--count", "0"],
            &["--pdf", "s.pdf", "--paper", "legal"],
            &["--pdf", "s.pdf", "--per-page", "0"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bad_usage_is_rejected() {
        assert!(Cli::try_parse_from(["a-maze-ing", "--seed", "-1"]).is_err());
        assert!(Cli::try_parse_from(["a-maze-ing", "--headless", "--check", "m.txt"]).is_err());
    }

    #[test]
    fn a_timeout_is_a_sensible_number_of_seconds() {
        assert_eq!(parse_timeout("2.5"), Ok(2.5));
        assert!(parse_timeout("0").is_err());
        assert!(parse_timeout("soon").is_err());
    }
}
